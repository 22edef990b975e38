import { z } from "zod";
import type { Option } from "~/domain/vocabulary";

/** The two questions asked a day after a first call, the same for the client and the professional. */
export const HELD_OPTIONS = [
  { value: "yes", label: "Yes, we spoke" },
  { value: "no", label: "No, it did not happen" },
] as const satisfies readonly Option[];

export const CONTINUING_OPTIONS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
  { value: "unsure", label: "Not sure yet" },
] as const satisfies readonly Option[];

export const OUTCOME_MESSAGES = {
  held: "Tell us whether the call took place.",
  continuing: "Tell us whether you are continuing together.",
  tooEarly: "You can answer once the call's time has passed.",
} as const;

export const OutcomeSchema = z.object({
  held: z.enum(["yes", "no"], { error: OUTCOME_MESSAGES.held }),
  continuing: z.enum(["yes", "no", "unsure"], { error: OUTCOME_MESSAGES.continuing }),
});
export type OutcomeAnswer = z.infer<typeof OutcomeSchema>;

/** What is stored: "not sure yet" is no answer to the second question (null), while the first one is answered. */
export const storedContinuing = (value: OutcomeAnswer["continuing"]): boolean | null => (value === "unsure" ? null : value === "yes");

import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { getUser } from "~/features/auth/session.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { outcomeForPerson, saveOutcome } from "./outcomes.data.server";
import { OUTCOME_MESSAGES, OutcomeSchema, storedContinuing } from "./outcome-schema";

type Args = RequestArgs & { params: { bookingId?: string } };

const idOf = (value: string | undefined): number | null => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** Not a party, signed out, an admin, a cancelled call or no such call: the same 404, page and .data alike. */
const notFound = () => data({ error: "Not found" }, { status: 404 });

async function callFor(request: Request, bookingId: string | undefined) {
  const user = await getUser(request);
  const id = idOf(bookingId);
  const call = user && id ? await outcomeForPerson(user.id, id) : null;
  if (!user || !call) throw notFound();
  return { user, call };
}

export async function outcomeLoader({ request, params }: Args) {
  const { call } = await callFor(request, params.bookingId);
  return { call };
}

export async function outcomeAction({ request, params }: Args) {
  const { user, call } = await callFor(request, params.bookingId);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: OutcomeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { held, continuing } = submission.value;
  const saved = await saveOutcome(user.id, call.bookingId, held === "yes", storedContinuing(continuing));
  if (!saved.ok) {
    if (saved.reason === "not-found") throw notFound();
    return data({ result: submission.reply({ formErrors: [OUTCOME_MESSAGES.tooEarly] }) }, { status: 409 });
  }
  return redirectWithToast(request, saved.side === "client" ? "/client-welcome" : "/professional-dashboard", {
    type: "success",
    title: "Thank you",
    description: "Your answers are saved. They help us match people well.",
  });
}

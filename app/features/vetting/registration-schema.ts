import { z } from "zod";
import { REGISTERS, normaliseRegistrationNumber, registrationNumberError } from "~/domain/registrations";

export const REGISTRATION_MESSAGES = {
  registerRequired: "Choose the register.",
  numberRequired: "Enter the registration number.",
  numberTooLong: "A registration number is at most 40 characters.",
} as const;

/** The professional's "Add a registration" form, read alike by the browser and the action. */
export const RegistrationSchema = z
  .object({
    register: z.enum(REGISTERS, { message: REGISTRATION_MESSAGES.registerRequired }),
    number: z.string({ message: REGISTRATION_MESSAGES.numberRequired }).trim().max(40, REGISTRATION_MESSAGES.numberTooLong),
  })
  .superRefine((value, ctx) => {
    const error = registrationNumberError(value.register, value.number);
    if (error) ctx.addIssue({ code: "custom", path: ["number"], message: error });
  })
  .transform((value) => ({ register: value.register, number: normaliseRegistrationNumber(value.number) }));

export type RegistrationValue = z.output<typeof RegistrationSchema>;

/** Removing one: the register named is all it needs. */
export const RemoveRegistrationSchema = z.object({
  register: z.enum(REGISTERS, { message: REGISTRATION_MESSAGES.registerRequired }),
});

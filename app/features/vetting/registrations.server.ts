import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/features/auth/permissions.server";
import { findOwnProfessional } from "~/features/professionals/own-professional.data.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { REGISTER_INFO, REGISTER_OPTIONS, displayRegistrationNumber, registrationLink, type Register } from "~/domain/registrations";
import { RegistrationSchema, RemoveRegistrationSchema } from "./registration-schema";
import { registrationsOf, removeRegistration, saveRegistration } from "./vetting.data.server";

export const REGISTRATIONS_PATH = "/professional-dashboard/registrations";

const notFound = () => data({ error: "Not found" }, { status: 404 });

/** Only the account linked to a directory entry records its registrations; anyone else finds nothing here. */
async function requireLinkedProfessional(request: Request) {
  const user = await requireUser(request);
  const own = await findOwnProfessional(user);
  if (!own?.editable) throw notFound();
  return own.row;
}

export type RegistrationView = {
  register: Register;
  registerName: string;
  number: string;
  href: string;
  /** The link opens the record itself, not only the register's search page. */
  direct: boolean;
};

/** Registrations as clients and their owner read them: the register, the number as usually written, the link. */
export function registrationViews(rows: { register: Register; number: string }[]): RegistrationView[] {
  return rows.map((r) => ({
    register: r.register,
    registerName: REGISTER_INFO[r.register].registerName,
    number: displayRegistrationNumber(r.register, r.number),
    href: registrationLink(r.register, r.number),
    direct: REGISTER_INFO[r.register].direct,
  }));
}

export async function registrationsLoader(request: Request) {
  const pro = await requireLinkedProfessional(request);
  return {
    registrations: registrationViews(await registrationsOf(pro.id)),
    registers: REGISTER_OPTIONS.map((o) => ({ ...o, hint: `${REGISTER_INFO[o.value].formatHint}, e.g. ${REGISTER_INFO[o.value].example}` })),
  };
}

export async function registrationsAction(request: Request) {
  const pro = await requireLinkedProfessional(request);
  const form = await readFormData(request);
  if (form.get("intent") === "remove") {
    const submission = parseWithZod(form, { schema: RemoveRegistrationSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const removed = await removeRegistration(pro.id, submission.value.register);
    return redirectWithToast(request, REGISTRATIONS_PATH, removed
      ? { type: "success", title: "Registration removed", description: `${REGISTER_INFO[submission.value.register].registerName} is no longer shown on your profile.` }
      : { type: "error", title: "Nothing to remove", description: "That registration was already removed." }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: RegistrationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { register, number } = submission.value;
  await saveRegistration(pro.id, register, number);
  return redirectWithToast(request, REGISTRATIONS_PATH, {
    type: "success",
    title: "Registration saved",
    description: `${REGISTER_INFO[register].registerName} ${displayRegistrationNumber(register, number)} is shown on your profile with a link to the register.`,
  }, { status: 303 });
}

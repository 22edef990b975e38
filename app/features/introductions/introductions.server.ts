import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { requireUser } from "~/features/auth/permissions.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { findOwnProfessional } from "~/features/professionals/own-professional.data.server";
import {
  INTRODUCTION_MESSAGES,
  answerIntroduction,
  requestIntroduction,
  withdrawIntroduction,
} from "./introductions.data.server";
import { mailIntroductionAnswered, mailIntroductionRequested, mailIntroductionWithdrawn } from "~/features/matching/matching-mail.server";
import { introductionForPerson, professionalCard } from "./introduction-page.data.server";

const idOf = (value: FormDataEntryValue | null): number | null => {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

const CLIENT_SHORTLIST_PATH = "/client-welcome#shortlist";
const PRO_INTRODUCTIONS_PATH = "/professional-dashboard#introductions";

/** /client-welcome's forms: 'Request introduction' and 'Withdraw request', for the signed-in client's own list. */
export async function clientIntroductionAction({ request }: RequestArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const professionalId = idOf(form.get("professionalId"));
  if ((intent !== "request" && intent !== "withdraw") || professionalId === null) {
    throw data({ error: "Bad request" }, { status: 400 });
  }
  const result = intent === "request" ? await requestIntroduction(user.id, professionalId) : await withdrawIntroduction(user.id, professionalId);
  if (!result.ok) {
    return redirectWithToast(request, CLIENT_SHORTLIST_PATH, { type: "error", title: "Error", description: INTRODUCTION_MESSAGES[result.refusal] });
  }
  if (intent === "request") {
    await mailIntroductionRequested(request, result.professional.email);
  } else if (result.professional.email) {
    await mailIntroductionWithdrawn(request, result.professional.email);
  }
  return redirectWithToast(request, CLIENT_SHORTLIST_PATH, {
    type: "success",
    title: "Success",
    description:
      intent === "request"
        ? `Introduction requested. ${result.professional.name} can now see your name, objectives, net-worth band and how you prefer to be contacted.`
        : `Request withdrawn. ${result.professional.name} no longer sees your details.`,
  });
}

/**
 * The dashboard's Accept / Decline. Only the account linked to the directory entry answers, and only
 * introductions made to that entry: anything else is 'not found', whoever forged the form.
 */
export async function professionalIntroductionAction({ request }: RequestArgs) {
  const user = await requireUser(request);
  const own = await findOwnProfessional(user);
  const form = await readFormData(request);
  if (!own?.editable) throw data({ error: "Not found" }, { status: 404 });
  const intent = form.get("intent");
  const introductionId = idOf(form.get("introductionId"));
  if ((intent !== "accept" && intent !== "decline") || introductionId === null) {
    throw data({ error: "Bad request" }, { status: 400 });
  }
  const result = await answerIntroduction(own.row.id, introductionId, intent === "accept" ? "accepted" : "declined");
  if (!result.ok && result.refusal === "not-found") throw data({ error: "Not found" }, { status: 404 });
  if (!result.ok) {
    return redirectWithToast(request, PRO_INTRODUCTIONS_PATH, { type: "error", title: "Error", description: INTRODUCTION_MESSAGES[result.refusal] });
  }
  if (intent === "decline") {
    if (result.client.email) await mailIntroductionAnswered(request, result.client.email, result.professionalName, false);
    return redirectWithToast(request, PRO_INTRODUCTIONS_PATH, { type: "success", title: "Success", description: "Introduction declined. The client has been told." });
  }
  const card = await professionalCard(own.row.id);
  if (result.client.email) {
    await mailIntroductionAnswered(request, result.client.email, result.professionalName, true, card ? { introductionId, contact: card } : undefined);
  }
  // The client's details in the confirmation itself, so the professional can reach them at once.
  const client = (await introductionForPerson(user.id, introductionId))?.contact;
  const reach = client ? [client.email, client.phone].filter(Boolean).join(", ") : result.client.email;
  return redirectWithToast(request, PRO_INTRODUCTIONS_PATH, {
    type: "success",
    title: "Success",
    description: `Introduction accepted. The client has been emailed. You can reach ${result.client.name || "them"} at ${reach}, or write to them on the introduction's page.`,
  });
}

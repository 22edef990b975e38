import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireRole } from "~/features/auth/permissions.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { reproposeShortlist } from "~/features/registration/client-shortlist.server";
import { recordedAnswersOf, saveMatchingAnswers } from "~/features/registration/registration.data.server";
import { CLIENT_MATCHING_FIELDS, ClientMatchingAnswersSchema } from "~/features/registration/registration-schema";
import { logFor } from "~/platform/log.server";

const log = logFor("matching");

/** The form's values: the stored answers matching uses, as the wizard's fields hold them ("on" for a ticked box). */
export type ClientAnswerValues = Partial<Record<(typeof CLIENT_MATCHING_FIELDS)[number], string | string[]>>;

function valuesOf(answers: Record<string, unknown>): ClientAnswerValues {
  const values: ClientAnswerValues = {};
  for (const field of CLIENT_MATCHING_FIELDS) {
    const v = answers[field];
    if (v === true) values[field] = "on";
    else if (typeof v === "string") values[field] = v;
    else if (Array.isArray(v)) values[field] = v.filter((x): x is string => typeof x === "string");
  }
  return values;
}

/** Only clients: their answers are what matching reads. */
export async function clientAnswersLoader(args: RequestArgs) {
  const user = await requireRole(args, "client");
  return { values: valuesOf(await recordedAnswersOf(user.id)) };
}

/**
 * Saves the answers matching uses (the wizard's rules), keeping every other registration answer, and
 * proposes the client's shortlist afresh for an admin to review. Bad input writes nothing.
 */
export async function clientAnswersAction(args: RequestArgs) {
  const { request } = args;
  const user = await requireRole(args, "client");
  const submission = parseWithZod(await readFormData(request), { schema: ClientMatchingAnswersSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  await saveMatchingAnswers(user.id, submission.value);
  try {
    await reproposeShortlist(user.id);
  } catch (error) {
    // The answers are saved; the admin page proposes again when it opens this client.
    log.error({ userId: user.id, err: error }, "matching failed after a client changed their answers; the admin page will propose again");
  }
  return redirectWithToast(request, "/client-welcome", {
    type: "success",
    title: "Answers saved",
    description: "Thank you. Our team will review a fresh shortlist for you.",
  });
}

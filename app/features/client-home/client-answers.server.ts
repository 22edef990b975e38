import { data } from "react-router";
import { eq } from "drizzle-orm";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireRole } from "~/features/auth/permissions.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { db } from "~/platform/db.server";
import { registrationAnswers } from "~/platform/schema";
import { reproposeShortlist } from "~/features/matching/matching.server";
import { CLIENT_MATCHING_FIELDS, ClientMatchingAnswersSchema } from "~/features/registration/registration-schema";

export const ANSWERS_PATH = "/client-welcome/answers";

/** The form's values: the stored answers matching uses, as the wizard's fields hold them ("on" for a ticked box). */
export type ClientAnswerValues = Partial<Record<(typeof CLIENT_MATCHING_FIELDS)[number], string | string[]>>;

function storedAnswers(userId: string): Record<string, unknown> {
  return db().select({ answers: registrationAnswers.answers }).from(registrationAnswers).where(eq(registrationAnswers.userId, userId)).get()?.answers ?? {};
}

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
  return { values: valuesOf(storedAnswers(user.id)) };
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

  const value = submission.value;
  db().transaction(
    (tx) => {
      const row = tx.select({ answers: registrationAnswers.answers }).from(registrationAnswers).where(eq(registrationAnswers.userId, user.id)).get();
      const answers: Record<string, unknown> = { ...(row?.answers ?? {}) };
      for (const field of CLIENT_MATCHING_FIELDS) {
        const v = value[field];
        if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) delete answers[field];
        else answers[field] = v;
      }
      if (row) tx.update(registrationAnswers).set({ answers }).where(eq(registrationAnswers.userId, user.id)).run();
      else tx.insert(registrationAnswers).values({ userId: user.id, userType: "client", answers }).run();
    },
    { behavior: "immediate" },
  );
  try {
    reproposeShortlist(user.id);
  } catch (error) {
    // The answers are saved; the admin page proposes again when it opens this client.
    console.error(`Matching failed after ${user.id} changed their answers.`, error);
  }
  return redirectWithToast(request, "/client-welcome", {
    type: "success",
    title: "Answers saved",
    description: "Thank you. Our team will review a fresh shortlist for you.",
  });
}

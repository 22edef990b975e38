import { transaction } from "~/platform/db.server";
import { formSubmissions } from "~/platform/schema";
import { checkLimit, LIMITS, recordHit } from "~/platform/rate-limit.server";
import type { ContactInput } from "./contact-schema";
import { cleanMessage, joinName, storedCompany } from "./stored-message";
import { enqueueAcknowledgement } from "./acknowledgement.server";

export type StoreOutcome =
  | { stored: true; id: number; createdAt: Date }
  | { stored: false; retryAt: Date; which: "email" | "address" };

/**
 * The rate limits and the insert in one transaction: it holds the write lock (SQLite) or is
 * serializable (PostgreSQL) from the count on, so parallel posts (from any process) are counted one
 * after another and a burst stores exactly what the limits allow. The row is one insert, with the
 * sender's acknowledgement job beside it.
 */
export async function storeSubmission(input: ContactInput, ip: string, now = new Date()): Promise<StoreOutcome> {
  return transaction(async (tx): Promise<StoreOutcome> => {
    const byEmail = await checkLimit(LIMITS.contactEmail, input.email, now);
    if (!byEmail.allowed) return { stored: false, retryAt: byEmail.retryAt ?? now, which: "email" };
    const byAddress = await checkLimit(LIMITS.contactIp, ip, now);
    if (!byAddress.allowed) return { stored: false, retryAt: byAddress.retryAt ?? now, which: "address" };
    await recordHit(LIMITS.contactEmail, input.email, now);
    await recordHit(LIMITS.contactIp, ip, now);
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        name: joinName(input.firstName, input.lastName),
        email: input.email,
        message: cleanMessage(input.message),
        company: storedCompany(input.company),
        formType: "contact",
        userType: input.inquiryType,
        status: "new",
        createdAt: now,
      })
      .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });
    if (!row) throw new Error("The new submission's id was not returned");
    // The sender's acknowledgement goes through the job loop: a mail server that is down or slow
    // neither delays this answer nor loses the message, and the mail is tried again later.
    await enqueueAcknowledgement(row.id, input.email, now);
    return { stored: true, id: row.id, createdAt: row.createdAt };
  });
}

import { transaction } from "~/platform/db.server";
import { formSubmissions } from "~/platform/schema";
import { checkLimit, LIMITS, recordHit } from "~/platform/rate-limit.server";
import type { ContactInput } from "./contact-schema";
import { joinName, storedMessage } from "./stored-message";

export type StoreOutcome =
  | { stored: true; id: number; createdAt: Date }
  | { stored: false; retryAt: Date; which: "email" | "address" };

/**
 * The rate limits and the insert in one transaction: it holds the write lock (SQLite) or is
 * serializable (PostgreSQL) from the count on, so parallel posts (from any process) are counted one
 * after another and a burst stores exactly what the limits allow. The row is one insert.
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
        message: storedMessage({ company: input.company, message: input.message }),
        formType: "contact",
        userType: input.inquiryType,
        status: "new",
        createdAt: now,
      })
      .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });
    if (!row) throw new Error("The new submission's id was not returned");
    return { stored: true, id: row.id, createdAt: row.createdAt };
  });
}

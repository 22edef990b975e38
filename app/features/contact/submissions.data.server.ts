import { db } from "~/platform/db.server";
import { formSubmissions } from "~/platform/schema";
import { checkLimit, LIMITS, recordHit } from "~/platform/rate-limit.server";
import type { ContactInput } from "./contact-schema";
import { joinName, storedMessage } from "./stored-message";

export type StoreOutcome =
  | { stored: true; id: number; createdAt: Date }
  | { stored: false; retryAt: Date; which: "email" | "address" };

/**
 * The rate limits and the insert in one IMMEDIATE transaction: the database's write lock is taken
 * before counting, so parallel posts (from any process) are counted one after another and a burst
 * stores exactly what the limits allow. The row is one insert.
 */
export function storeSubmission(input: ContactInput, ip: string, now = new Date()): StoreOutcome {
  return db().transaction(
    (tx) => {
      const byEmail = checkLimit(LIMITS.contactEmail, input.email, now);
      if (!byEmail.allowed) return { stored: false, retryAt: byEmail.retryAt ?? now, which: "email" } as const;
      const byAddress = checkLimit(LIMITS.contactIp, ip, now);
      if (!byAddress.allowed) return { stored: false, retryAt: byAddress.retryAt ?? now, which: "address" } as const;
      recordHit(LIMITS.contactEmail, input.email, now);
      recordHit(LIMITS.contactIp, ip, now);
      const row = tx
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
        .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt })
        .get();
      return { stored: true, id: row.id, createdAt: row.createdAt } as const;
    },
    { behavior: "immediate" },
  );
}

import { config } from "~/platform/config.server";
import { registerJob, type JobPlan } from "~/platform/jobs.server";
import { letter } from "~/platform/mail.server";
import { graceDays } from "./billing-settings.server";
import { professionalContact } from "./billing.data.server";

/** One e-mail telling a professional their subscription lapsed (a failed payment, or it ended). */
export const BILLING_LAPSE_MAIL_JOB = "billing-lapse-mail";

/** The origin of links in mails sent without a request (the job loop): PUBLIC_URL, else this machine's port. */
function mailOrigin(): string {
  const { publicUrl, port } = config();
  return publicUrl ?? `http://localhost:${port}`;
}

async function lapseMail(payload: Record<string, unknown>): Promise<JobPlan> {
  const { professionalId, state } = payload;
  if (typeof professionalId !== "number" || (state !== "past_due" && state !== "canceled")) return {};
  const contact = await professionalContact(professionalId);
  if (!contact || contact.deleted) return {};
  const link = { href: `${mailOrigin()}/professional-dashboard/plan`, label: "Your plan" };
  if (state === "past_due") {
    const days = await graceDays();
    return {
      mail: [
        letter(contact.email, "Your WealthMatch payment failed", [
          "We could not take the latest payment for your WealthMatch plan.",
          days > 0
            ? `You stay in matching for ${days} ${days === 1 ? "day" : "days"} while the payment is retried; after that clients are no longer proposed your profile until it is paid.`
            : "Until it is paid, clients are no longer proposed your profile.",
          "You can update your card in the billing portal.",
        ], link),
      ],
    };
  }
  return {
    mail: [
      letter(contact.email, "Your WealthMatch plan has ended", [
        "Your WealthMatch subscription has ended, so clients are no longer proposed your profile.",
        "You can choose a plan again at any time.",
      ], link),
    ],
  };
}

/** Start-up registers this with the job loop. */
export function registerBillingJobs(): void {
  registerJob(BILLING_LAPSE_MAIL_JOB, (job) => lapseMail(job.payload));
}

import { SUBMISSION_STATUSES, type SubmissionStatus } from "~/domain/vocabulary";

/**
 * The words an admin sees for each status of a contact-form message (new, in progress, resolved), in
 * the list's filter, the table and the status form. Imports nothing of the server, so pages can use it.
 */
export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: "New",
  "in-progress": "In Progress",
  resolved: "Resolved",
};

export const STATUS_OPTIONS = SUBMISSION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export function isSubmissionStatus(value: unknown): value is SubmissionStatus {
  return typeof value === "string" && (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

const SUBMITTED_AT = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  // The sender's zone is not known: one fixed zone, written out.
  timeZone: "UTC",
});

/** "Nov 23, 2026, 3:42 PM UTC": for the reply mail to the sender (admins read times in their own zone). */
export function formatSubmittedAt(date: Date): string {
  return `${SUBMITTED_AT.format(date)} UTC`;
}

/** One message in the inbox as the list shows it: a preview, never the whole text. */
export type SubmissionRow = {
  id: number;
  name: string;
  email: string;
  /** The sender's firm, in its own column; null when they gave none. */
  company: string | null;
  preview: string;
  userType: string | null;
  status: SubmissionStatus;
  createdAt: Date;
};

/** What a contact message is about, with the words a visitor and an admin read. Client-safe. */
export const INQUIRY_TYPES = ["client", "professional", "media", "partnership", "support", "other"] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  client: "Wealth Creator (client)",
  professional: "Financial professional",
  media: "Media & press",
  partnership: "Partnership",
  support: "Account support",
  other: "Something else",
};

export const INQUIRY_TYPE_OPTIONS = INQUIRY_TYPES.map((value) => ({ value, label: INQUIRY_TYPE_LABELS[value] }));

/** The label of a stored user_type; an unknown or missing one is shown as it is (or a dash). */
export function inquiryTypeLabel(value: string | null): string {
  if (value === null || value === "") return "—";
  return (INQUIRY_TYPES as readonly string[]).includes(value) ? INQUIRY_TYPE_LABELS[value as InquiryType] : value;
}

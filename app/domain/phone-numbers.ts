/**
 * Whether a phone number is one of the North American numbers set aside for fiction and examples
 * (555-0100 to 555-0199 in any area code): a number nobody answers, fine in demo data, never as the
 * firm's own. Spaces, dots, dashes and brackets are ignored; a leading +1 or 1 is allowed.
 */
export function isFictionalPhone(phone: string): boolean {
  const digits = phone.replace(/[^\d]/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return /^\d{3}55501\d{2}$/.test(national);
}

/** What the admin is told about a fictional number, and what the settings form says under the field. */
export const FICTIONAL_PHONE_MESSAGE = "Enter the firm's real number: 555-0100 to 555-0199 are fictional numbers nobody answers";

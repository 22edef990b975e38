import { MAX_INPUT_LENGTH } from "./content-check";

/**
 * The form_submissions row a contact message becomes: name is first and last joined, the company has
 * its own column (null when left empty) and the message is the visitor's cleaned text alone. Pure, so
 * its shape is tested on its own.
 */

/** The visitor's text as stored: line endings made uniform, trimmed, at most 1000 characters. */
export function cleanMessage(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim().slice(0, MAX_INPUT_LENGTH);
}

export function joinName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`;
}

/** The company as stored: trimmed, or null when absent or blank. */
export function storedCompany(company: string | null | undefined): string | null {
  return company?.trim() ? company.trim() : null;
}

import { MAX_INPUT_LENGTH } from "./content-check";

/**
 * The form_submissions row a contact message becomes: name is first and last joined, message is 'Company: ...', a blank
 * line, then 'Message: ...' with the cleaned text. Pure, so its shape is tested on its own.
 */

/** The visitor's text as stored: line endings made uniform, trimmed, at most 1000 characters. */
export function cleanMessage(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim().slice(0, MAX_INPUT_LENGTH);
}

export function joinName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`;
}

export function storedMessage({ company, message }: { company?: string | null; message: string }): string {
  const firm = company?.trim() ? company.trim() : "N/A";
  return `Company: ${firm}\n\nMessage: ${cleanMessage(message)}`;
}

import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * The hidden field alone, without remix-utils' encrypted "valid from" time: for a form on a page the
 * page cache keeps (the newsletter's on /blog), where every visitor gets the same HTML, so that time
 * would be the cached copy's and a per-visitor value could not be in it.
 */
export const FIELD_ONLY_HONEYPOT: HoneypotInputProps = { nameFieldName: "name__confirm", validFromFieldName: null, encryptedValidFrom: "" };

import type { Submission } from "@conform-to/react";
import { isStorageFailure, NOT_SAVED_MESSAGE, STORAGE_RETRY_AFTER_SECONDS } from "~/platform/storage-failure.server";

/** The status and header of a form answered "not saved": the storage failed, not the person. */
export const NOT_SAVED_INIT = { status: 503, headers: { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) } };

/** The form's result with everything typed kept and the plain "not saved" message above the fields. */
export function notSavedResult<Schema>(submission: Submission<Schema>, options: { hideFields?: string[]; message?: string } = {}) {
  return submission.reply({ formErrors: [options.message ?? NOT_SAVED_MESSAGE], hideFields: options.hideFields });
}

/** Signing in writes too (the session, the limits): when it cannot, the person is told so, not that the password was wrong. */
export const SIGN_IN_UNAVAILABLE = "We could not sign you in just now. Please try again in a few minutes.";

/**
 * Runs a form's write; a storage failure (full disk, read-only, lock held) gives `onFailure`'s answer,
 * where the form is rendered again with what was typed, instead of the error page. Other errors go on.
 */
export async function orNotSaved<T, F>(write: () => T | Promise<T>, onFailure: () => F): Promise<T | F> {
  try {
    return await write();
  } catch (error) {
    if (isStorageFailure(error)) return onFailure();
    throw error;
  }
}

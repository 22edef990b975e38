import { data } from "react-router";
import { storageRefused } from "~/platform/metrics.server";
import { logFor } from "~/platform/log.server";

const log = logFor("storage");

/**
 * When the database or the uploads folder cannot take a write (a full disk, a read-only file system, a
 * lock held elsewhere for too long), the person is told it was not saved: 503 with Retry-After, never a
 * success message, and never a misleading validation message (docs/decisions/030-storage-failures.md).
 */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** What a form says above the fields it kept, and what the error page says when there is no form. */
export const NOT_SAVED_MESSAGE =
  "We could not save this just now, and nothing was changed. Please try again in a few minutes; what you entered is kept below.";

/** SQLite result codes (the extended ones start with these) that mean storage trouble, not a bad request. */
const SQLITE_STORAGE = ["SQLITE_FULL", "SQLITE_IOERR", "SQLITE_READONLY", "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN", "SQLITE_NOMEM", "SQLITE_PROTOCOL"];
/**
 * PostgreSQL's of the same kind (SQLSTATE): out of disk, memory or connections, the connection lost,
 * the server shutting down or read-only (a standby), a serialization conflict that kept recurring.
 */
const POSTGRES_STORAGE = new Set(["53000", "53100", "53200", "53300", "08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "25006", "40001", "40P01", "55P03"]);
/** File-system and socket error codes of the same kind (the image store, the connection to PostgreSQL). */
const FS_STORAGE = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM", "EIO", "EMFILE", "ENFILE", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

function codeOf(error: unknown): string {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : "";
}

/** An error from SQLite or the file system that says the storage, not the request, is at fault. */
export function isStorageError(error: unknown): boolean {
  const code = codeOf(error);
  return FS_STORAGE.has(code) || POSTGRES_STORAGE.has(code) || SQLITE_STORAGE.some((prefix) => code === prefix || code.startsWith(`${prefix}_`));
}

/** The answer thrown for a storage failure; the site's error page shows it as "Not saved". */
function notSavedResponse(code: string) {
  return data(
    { reason: "storage" as const, code },
    { status: 503, headers: { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) } },
  );
}

const failures = new WeakSet<object>();

/** Turns a storage error into the 503 answer (and logs it once); any other error comes back as it was. */
export function asStorageFailure(error: unknown): unknown {
  if (failures.has(error as object) || !isStorageError(error)) return error;
  const code = codeOf(error);
  log.error({ code, err: error }, "storage failure: the change was not saved");
  storageRefused(code);
  const failure = notSavedResponse(code);
  failures.add(failure);
  return failure;
}

/** Whether a thrown value is the 503 answer made by asStorageFailure (or a raw storage error). */
export function isStorageFailure(error: unknown): boolean {
  return (typeof error === "object" && error !== null && failures.has(error)) || isStorageError(error);
}

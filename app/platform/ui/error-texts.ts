/** What the site's error page says for each status (app/root.tsx and the refusals server.ts answers itself). */
export type ErrorText = { title: string; message: string };

const SERVER_ERROR: ErrorText = {
  title: "Something went wrong",
  message: "We could not complete that request. Please try again in a moment.",
};

const ERROR_TEXTS: Record<number, ErrorText> = {
  400: { title: "Bad request", message: "We could not read that request. Nothing was changed." },
  403: { title: "Access denied", message: "Your account does not have permission to do that. Nothing was changed." },
  404: { title: "404", message: "Oops! Page not found" },
  405: { title: "Not allowed", message: "That page does not accept this kind of request. Nothing was changed." },
  413: { title: "Too large", message: "What you sent is larger than this page accepts. Nothing was changed." },
  415: { title: "Unsupported form", message: "That page only accepts its own form. Nothing was changed." },
  503: { title: "Busy", message: "The service is busy. Please try again in a moment." },
};

/** A 503 because the site could not store a change (app/platform/storage-failure.server.ts). */
const NOT_SAVED: ErrorText = {
  title: "Not saved",
  message: "We could not save that just now, and nothing was changed. Please go back and try again in a few minutes.",
};

export function errorText(status: number, reason?: unknown): ErrorText {
  if (status === 503 && reason === "storage") return NOT_SAVED;
  return ERROR_TEXTS[status] ?? SERVER_ERROR;
}

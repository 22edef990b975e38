// The server's log: one JSON line per entry on standard output (pino), for a log shipper to read
// (docs/decisions/064-structured-logs.md, docs/operations.md "Logs"). The supervisor, each worker's
// request lines (server/app.ts) and the app's own entries all go through this one logger.
//
// A request's id travels with everything that runs for it (loaders, actions, mail sent from them) in an
// AsyncLocalStorage, so an entry logged deep in the app names the request it belongs to.
//
// What never reaches a line: passwords, tokens, cookies, message text, e-mail addresses. Callers log
// ids, kinds and codes, never what a visitor typed; errors are logged by type, code and message with any
// e-mail address in them blanked (an SMTP refusal names the recipient), and every line is scrubbed of
// e-mail addresses once more on its way out.
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";

export type RequestScope = { requestId: string };

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** LOG_LEVEL: info by default; a bad value stops start-up with one line naming it. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.LOG_LEVEL?.trim().toLowerCase() || "info";
  if (!(LEVELS as readonly string[]).includes(raw)) {
    throw new Error(`LOG_LEVEL: must be one of ${LEVELS.join(", ")} (got "${env.LOG_LEVEL}")`);
  }
  return raw;
}

// Anything shaped like an address: name@domain.tld.
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Blanks e-mail addresses in free text (error messages, stacks). */
export const withoutEmails = (text: string) => text.replace(EMAIL, "[email]");

/**
 * An error as a log field: its type, code and message, and the stack (without e-mail addresses). The
 * rest of its fields are left out: a database error's `detail` quotes the row's values.
 */
function errorField(error: unknown) {
  if (!(error instanceof Error)) return { message: withoutEmails(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    message: withoutEmails(error.message),
    ...(error.stack ? { stack: withoutEmails(error.stack) } : {}),
  };
}

type Shared = { logger: Logger; scope: AsyncLocalStorage<RequestScope>; sink: { write: (line: string) => void }; readable: Promise<void> };

function create(): Shared {
  const scope = new AsyncLocalStorage<RequestScope>();
  let level = "info";
  let badLevel: Error | undefined;
  try {
    level = logLevel();
  } catch (error) {
    badLevel = error as Error;
  }
  // Asynchronous writes to standard output; pino flushes what is pending when the process exits.
  const stdout = pino.destination({ dest: 1, sync: false });
  const sink = { write: (line: string) => void stdout.write(line) };
  // `npm run dev`: lines for a person to read (pino-pretty, a development dependency) once it has loaded;
  // production and the tests keep the JSON a log shipper reads.
  const readable =
    process.env.NODE_ENV === "development"
      ? import("pino-pretty").then(
          ({ prettyFactory }) => {
            const pretty = prettyFactory({ colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:HH:MM:ss.l", ignore: "hostname" });
            sink.write = (line: string) => void stdout.write(pretty(line));
          },
          () => undefined,
        )
      : Promise.resolve();
  const destination: DestinationStream = { write: (line: string) => sink.write(withoutEmails(line)) };
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorField },
      mixin: () => {
        const request = scope.getStore();
        return request ? { requestId: request.requestId } : {};
      },
      // Defence in depth: nothing logs these today, and a field by one of these names is blanked if it ever does.
      redact: {
        paths: [
          "req.headers.cookie",
          "req.headers.authorization",
          "headers.cookie",
          "headers.authorization",
          'res.headers["set-cookie"]',
          'headers["set-cookie"]',
          "password",
          "*.password",
          "token",
          "*.token",
          "email",
          "*.email",
          "cookie",
          "*.cookie",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
  if (badLevel) {
    // The supervisor and each worker import this first: the setting's one line, and exit code 1.
    logger.fatal(badLevel.message);
    stdout.flushSync();
    process.exit(1);
  }
  return { logger, scope, sink, readable };
}

// One logger per process: the server (server/*.ts, run by tsx) and the app's build (bundled, with its own
// copy of this module) share it, and so share the request scope.
const KEY = Symbol.for("wealth-match.log");
const shared: Shared = ((globalThis as Record<symbol, unknown>)[KEY] as Shared | undefined) ?? create();
(globalThis as Record<symbol, unknown>)[KEY] = shared;

export const log: Logger = shared.logger;
/** The request a piece of code runs for, if any (set by server/app.ts around each request). */
export const requestScope = shared.scope;

/** Settles once `npm run dev`'s readable lines are in place (at once elsewhere). */
export const logOutputReady = shared.readable;

/** A logger for one part of the server: its entries carry `part` (supervisor, jobs, mail, storage...). */
export const logFor = (part: string): Logger => log.child({ part });

/**
 * Tests: every line goes to `take` (as the JSON text written) until the returned function is called.
 */
export function captureLogsForTests(take: (line: string) => void): () => void {
  const previous = shared.sink.write;
  shared.sink.write = take;
  return () => {
    shared.sink.write = previous;
  };
}

// Reading the server's log in tests: one JSON object per line (app/platform/log.server.ts).
import { captureLogsForTests } from "~/platform/log.server";

export type LogLine = { level: string; msg?: string; part?: string; requestId?: string; [field: string]: unknown };

/**
 * Every line of a process's output as a log entry; a line that is not JSON fails the test, unless
 * `othersToo` (a stand-in process that prints Node's own crash report).
 */
export function logLines(text: string, { othersToo = false } = {}): LogLine[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "" && (!othersToo || line.startsWith("{")))
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

/** Captures what this process logs until `restore`: `text` as written, `lines` parsed. */
export function captureLogs() {
  const written: string[] = [];
  const restore = captureLogsForTests((line) => void written.push(line));
  return { text: () => written.join(""), lines: () => logLines(written.join("")), restore };
}

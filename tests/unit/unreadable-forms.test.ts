import { beforeAll, describe, expect, it } from "vitest";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { getSettings } from "~/platform/settings.server";
import * as settingsRoute from "~/routes/admin.settings";
import * as usersRoute from "~/routes/admin.users";
import * as professionalsRoute from "~/routes/admin.professionals";
import * as submissionsRoute from "~/routes/admin.submissions";
import * as submissionRoute from "~/routes/admin.submissions.$id";
import { call, getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

// These admin forms once read their body with request.formData() directly, so a malformed multipart
// body threw out of the action and became a 500. Through readFormData it is a 400: the sender's mistake.

const BOUNDARY = "----unreadable";
const MALFORMED: Record<string, string> = {
  "cut off inside a part": `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsa`,
  "another boundary in the body": `--other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--other--\r\n`,
  "a part without headers": `--${BOUNDARY}\r\nnot a header\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`,
};

function malformed(path: string, body: string, cookie: string) {
  return new Request(new URL(path, "http://localhost"), {
    method: "POST",
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Origin: "http://localhost", Cookie: cookie },
  });
}

let cookie = "";
beforeAll(async () => {
  const { userId } = await upsertAccount({ email: uniqueEmail("unreadable-admin"), password: "Passw0rdX", role: "admin" });
  cookie = (await createSession(requestArgs(getRequest("/admin")), userId)).split(";")[0] ?? "";
});

const actions: [string, string, (request: Request) => Promise<unknown>, Record<string, string>?][] = [
  ["/admin/settings", "/admin/settings", (r) => call(settingsRoute.action, r)],
  ["/admin/users", "/admin/users", (r) => call(usersRoute.action, r)],
  ["/admin/professionals", "/admin/professionals", (r) => call(professionalsRoute.action, r)],
  ["/admin/submissions", "/admin/submissions", (r) => call(submissionsRoute.action, r)],
  ["/admin/submissions/:id", "/admin/submissions/1", (r) => call(submissionRoute.action, r, { id: "1" })],
];

describe("a malformed multipart body on an admin form", () => {
  for (const [name, path, action] of actions) {
    it.each(Object.keys(MALFORMED))(`${name}: %s is a 400, not an error`, async (kind) => {
      const before = JSON.stringify(await getSettings());
      const out = await run(() => action(malformed(path, MALFORMED[kind] ?? "", cookie)));
      expect(out).toMatchObject({ kind: "data", status: 400, body: { error: "Bad request" } });
      expect(JSON.stringify(await getSettings())).toBe(before);
    });
  }
});

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { auditEvents, createUser, testDb, uniqueEmail, signIn as signInThroughPage } from "./support";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PASSWORD = "Passw0rd!Harden";
// Plain HTTP checks: the no-js project would only repeat them.
const HTTP_ONLY = "HTTP only: checked once, in the js project";

async function signIn(page: Page, email: string) {
  await signInThroughPage(page, email, PASSWORD, { waitForLanding: true });
  await expect(page).toHaveURL(/\/client-welcome$/);
}

test.describe("no open redirect", () => {
  for (const target of ["/.//evil.example", "/x/..//evil.example", "/%2e//evil.example"]) {
    test(`a signed-in person opening /login?redirectTo=${target} lands on their home`, async ({ page, baseURL }) => {
      const user = await createUser({ email: uniqueEmail("redirect"), password: PASSWORD, role: "client" });
      await signIn(page, user.email);
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL(`${baseURL}/client-welcome`);
    });
  }

  test("signing in with redirectTo=/.//evil.example stays on the site", async ({ page, baseURL }) => {
    const user = await createUser({ email: uniqueEmail("redirect-form"), password: PASSWORD, role: "client" });
    await signInThroughPage(page, user.email, PASSWORD, { path: `/login?redirectTo=${encodeURIComponent("/.//evil.example")}` });
    await expect(page).toHaveURL(`${baseURL}/client-welcome`);
  });
});

test.describe("bad requests are 4xx with the site's error page, and change nothing", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, HTTP_ONLY);

  test("TRACE and other methods: 405 with Allow", async ({ request }) => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH"]) {
      const response = await request.fetch("/login", { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
      const html = await response.text();
      expect(html).toContain("Not allowed");
      expect(html).toContain("WealthMatch");
      expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    }
  });

  test("a sign-in posted as JSON or text is 415; nothing is counted or recorded", async ({ request }) => {
    const email = uniqueEmail("json-post");
    const json = await request.post("/login", { data: { email, password: "x" }, headers: { "content-type": "application/json" } });
    expect(json.status()).toBe(415);
    expect(await json.text()).toContain("Unsupported form");
    const text = await request.post("/login", { data: `email=${email}&password=x`, headers: { "content-type": "text/plain" } });
    expect(text.status()).toBe(415);
    const data = await request.post("/login.data", { data: "{}", headers: { "content-type": "application/json" } });
    expect(data.status()).toBe(415);
    const logout = await request.post("/logout", { data: "{}", headers: { "content-type": "application/json" } });
    expect(logout.status()).toBe(415);
    expect(auditEvents({ email })).toEqual([]);
  });

  test("a malformed multipart body or an undecodable address is 400", async ({ request }) => {
    const multipart = await request.post("/login", {
      data: "--x\r\nnot a part",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
    });
    expect(multipart.status()).toBe(400);
    expect(await multipart.text()).toContain("Bad request");
    const address = await request.get("/blog/%E0%A4%A");
    expect(address.status()).toBe(400);
  });

  test("a form body over 1 MB is 413", async ({ request }) => {
    const email = uniqueEmail("big-post");
    const response = await request.post("/login", {
      data: `email=${encodeURIComponent(email)}&password=${"a".repeat(1024 * 1024 + 10)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("Too large");
    expect(auditEvents({ email })).toEqual([]);
  });
});

test("an admin uploading a file past the 25 MB cap sees the Too large page, and nothing is written", async ({ page }) => {
  const admin = await createUser({ email: uniqueEmail("big-upload"), password: PASSWORD, role: "admin" });
  await signInThroughPage(page, admin.email, PASSWORD, { path: "/admin/login", waitForLanding: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-big-upload-"));
  const huge = path.join(dir, "portrait.png");
  fs.writeFileSync(huge, Buffer.alloc(30 * 1024 * 1024, 1));
  const email = uniqueEmail("big-upload-pro");
  await page.goto("/admin/professionals/new");
  await page.getByLabel("Name", { exact: true }).fill("Oversized Portrait");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Profile image").setInputFiles(huge);
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Too large" })).toBeVisible();
  await expect(page.getByText("What you sent is larger than this page accepts. Nothing was changed.")).toBeVisible();
  expect(testDb().prepare("SELECT id FROM professionals WHERE email = ?").get(email)).toBeUndefined();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the refusal page looks like the site", async ({ page, request }) => {
  const response = await request.fetch("/login", { method: "TRACE" });
  // Draw the refusal's own HTML at the site's origin so its stylesheet loads.
  const html = await response.text();
  await page.route("**/__refusal", (route) => route.fulfill({ status: 405, contentType: "text/html; charset=utf-8", body: html }));
  await page.goto("/__refusal");
  await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  // The site's stylesheet applied: the button is ink navy.
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveCSS("background-color", "rgb(13, 26, 45)");
});

test.describe("robots.txt and sitemap.xml without PUBLIC_URL", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, HTTP_ONLY);

  for (const file of ["/robots.txt", "/sitemap.xml"]) {
    test(`${file} follows the Host but is never stored by a shared cache`, async ({ request }) => {
      const response = await request.get(file, { headers: { Host: "attacker.example" } });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain("http://attacker.example/");
      expect(response.headers()["cache-control"]).toBe("private, no-store");
    });
  }
});

/** Starts `node --import tsx server.ts` on the e2e build with `env` and collects what it prints until it exits. */
function startServer(env: Record<string, string>, wrap?: (command: string) => string[]) {
  const buildDir = process.env.E2E_BUILD_DIR;
  if (!buildDir) throw new Error("E2E_BUILD_DIR is not set: run the specs with `npm run test:e2e`");
  const base: NodeJS.ProcessEnv = { ...process.env, BUILD_DIR: buildDir, PORT: "39871", HOST: "127.0.0.1", NODE_ENV: "production", SEED_DEMO: "0" };
  for (const key of ["DATABASE_PATH", "UPLOADS_DIR", "MAIL_DIR", "PUBLIC_URL"]) delete base[key];
  const command = `exec node --import tsx server.ts`;
  const [file, ...args] = wrap ? wrap(command) : ["sh", "-c", command];
  const child = spawn(file ?? "sh", args, { cwd: ROOT, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    // A safety net only: the checks fail before the server answers, but tsx compiling server.ts on a busy
    // two-core machine can take more than 15 s of wall time (3 s of CPU).
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      // The server logs JSON lines (docs/operations.md "Logs"): a start-up failure is one, at level fatal.
      const lines = output.trim().split("\n").map((line) => {
        try {
          const entry = JSON.parse(line) as { level?: string; msg?: string };
          return entry.level === "fatal" && entry.msg ? entry.msg : line;
        } catch {
          return line;
        }
      });
      resolve({ code, output: lines.join("\n") });
    });
  });
}

test.describe("start-up failures", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server start-up: checked once, in the js project");
  // Each starts a server (the read-only one two), each given up to 45 s above.
  test.describe.configure({ timeout: 120_000 });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-e2e-start-"));
  const aFile = path.join(tmp, "a-file");
  fs.writeFileSync(aFile, "not a folder");
  test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  test("a DATA_DIR that cannot be created: exit 1, one line naming DATA_DIR and the path", async () => {
    const { code, output } = await startServer({ DATA_DIR: path.join(aFile, "data") });
    expect(code).toBe(1);
    expect(output).toBe(`DATA_DIR: cannot create or write the folder ${path.join(aFile, "data")} (ENOTDIR: not a directory)`);
  });

  test("an UPLOADS_DIR that cannot be created: exit 1, one line naming UPLOADS_DIR", async () => {
    const { code, output } = await startServer({ DATA_DIR: path.join(tmp, "data"), UPLOADS_DIR: path.join(aFile, "uploads") });
    expect(code).toBe(1);
    expect(output.split("\n")).toHaveLength(1);
    expect(output).toMatch(/^UPLOADS_DIR: cannot create or write the folder .*a-file\/uploads \(/);
  });

  test("a read-only database: exit 1, one line naming DATABASE_PATH, before answering anything", async () => {
    // The database file alone mounted read-only, in a private mount namespace (file permissions do
    // not stop root); its folder stays writable.
    const folder = path.join(tmp, "ro");
    fs.mkdirSync(folder);
    const dbFile = path.join(folder, "app.db");
    // A database as the app leaves it (WAL mode), then mounted read-only.
    const sqlite = new Database(dbFile);
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec("CREATE TABLE t (x)");
    sqlite.close();
    const probe = await startServer({}, () => ["unshare", "-rm", "sh", "-c", `mount --bind ${dbFile} ${dbFile} && mount -o remount,bind,ro ${dbFile} && echo mounted`]);
    test.skip(probe.code !== 0 || !probe.output.includes("mounted"), `read-only mounts are not available here (${probe.output}); the check is unit-tested in tests/unit/startup-checks.test.ts`);
    const { code, output } = await startServer({ DATA_DIR: path.join(tmp, "data2"), DATABASE_PATH: dbFile }, (command) => [
      "unshare",
      "-rm",
      "sh",
      "-c",
      `mount --bind ${dbFile} ${dbFile} && mount -o remount,bind,ro ${dbFile} && ${command}`,
    ]);
    expect(code).toBe(1);
    expect(output).toBe(`DATABASE_PATH: cannot use the database ${dbFile} (SQLITE_READONLY: attempt to write a readonly database)`);
  });
});

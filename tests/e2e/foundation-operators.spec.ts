import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { createUser, signIn, testDb, uniqueEmail } from "./support";

// The runner starts the production server on an empty, temporary data folder: the database the
// server made there is what these tests read.

test("the server applied every migration in drizzle/ to the empty database, once", () => {
  const journal = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle/sqlite/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const applied = testDb().prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number };
  expect(applied.n).toBe(journal.entries.length);
  const tables = (testDb().prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
  for (const table of ["users", "profiles", "user_roles", "sessions", "password_reset_tokens", "registration_answers", "blog_posts", "form_submissions", "professionals", "audit_events", "rate_limit_hits", "site_settings"]) {
    expect(tables, table).toContain(table);
  }
  const pragmas = testDb().prepare("PRAGMA journal_mode").get() as { journal_mode: string };
  expect(pragmas.journal_mode).toBe("wal");
});


test("user:create makes an account that signs in; run again, it changes password and role and signs the old session out", async ({ page }) => {
  const email = uniqueEmail("operator");
  // The CLI opens the database the running server uses and applies the migrations again: harmless.
  await createUser({ email, password: "First-Pass-1", role: "client", name: "Olive Operator" });
  await signIn(page, email, "First-Pass-1");
  await expect(page).toHaveURL(/\/client-welcome$/);

  await createUser({ email, password: "Second-Pass-2", role: "professional" });
  await page.goto("/client-welcome");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclient-welcome$/);

  await signIn(page, email, "Second-Pass-2");
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(page.getByRole("heading", { name: "Professional Profile Not Found" })).toBeVisible();
  const roles = testDb().prepare("SELECT role FROM user_roles JOIN users ON users.id = user_roles.user_id WHERE users.email = ?").all(email);
  expect(roles).toEqual([{ role: "professional" }]);
});

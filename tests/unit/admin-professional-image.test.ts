import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deleteStoredFiles, readStoredFile, storedFileNames } from "~/platform/uploads/stored-files.server";
import { db } from "~/platform/db.server";
import { professionals } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { action as newAction } from "~/routes/admin.professionals.new";
import { action as editAction, loader as editLoader } from "~/routes/admin.professionals.$id.edit";
import { action as listAction, loader as listLoader } from "~/routes/admin.professionals";
import { getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

const ORIGIN = "http://localhost";
type Fn = (args: never) => unknown;
const call = (fn: Fn, request: Request, params: Record<string, string> = {}) =>
  run(() => (fn as unknown as (a: object) => unknown)({ request, params, context: {}, url: new URL(request.url), pattern: "" }));

function multipart(url: string, parts: [string, string | Blob, string?][], cookie: string): Request {
  const body = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === "string") body.append(name, value);
    else body.append(name, value, filename);
  }
  return new Request(new URL(url, ORIGIN), { method: "POST", body, headers: { Origin: ORIGIN, Cookie: cookie } });
}

async function sessionFor(role: "admin" | "client") {
  const { userId } = await upsertAccount({ email: uniqueEmail(`proimg-${role}`), password: "Passw0rdX", role });
  return (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
}

let admin: string;
let png: Buffer;
beforeAll(async () => {
  admin = await sessionFor("admin");
  png = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 20, g: 30, b: 60 } } }).png().toBuffer();
});

// Uploaded images live in the database (stored_files), not in a folder.
const uploads = async () => (await storedFileNames("")).filter((n) => n.endsWith(".webp"));
beforeEach(async () => {
  await db().delete(professionals);
  await deleteStoredFiles(await uploads());
});

const fields = (email: string): [string, string][] => [
  ["name", "Eleanor Whitfield"],
  ["email", email],
  ["title", "Senior Wealth Advisor"],
];
const byEmail = async (email: string) => (await db().select().from(professionals).where(eq(professionals.email, email)).limit(1))[0];

async function add(email: string, file?: Blob, filename = "photo.png") {
  const parts: [string, string | Blob, string?][] = fields(email);
  if (file) parts.push(["profileImage", file, filename]);
  return call(newAction, multipart("/admin/professionals/new", parts, admin));
}

describe("the admin's professional form: profile image", () => {
  it("stores a real PNG as WebP variants and shows it in the table and the edit form", async () => {
    const email = uniqueEmail("img-ok");
    const out = await add(email, new Blob([new Uint8Array(png)], { type: "image/png" }));
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/admin/professionals" });
    const row = await byEmail(email);
    expect(row?.profileImage).toMatch(/^\/uploads\/blog-[a-z0-9]+-[a-f0-9]{16}-480\.webp$/);
    const file = await readStoredFile((row?.profileImage ?? "").replace(/^\/uploads\//, ""));
    expect((await sharp(file?.bytes).metadata()).format).toBe("webp");
    const list = await call(listLoader, new Request(new URL("/admin/professionals", ORIGIN), { headers: { Cookie: admin } }));
    expect(JSON.stringify(list.body)).toContain(row?.profileImage);
    const edit = await call(editLoader, new Request(new URL(`/admin/professionals/${row?.id}/edit`, ORIGIN), { headers: { Cookie: admin } }), { id: String(row?.id) });
    expect(JSON.stringify(edit.body)).toContain(row?.profileImage);
  });

  it("refuses a text file named .png with the spec's message, keeps the text, writes nothing", async () => {
    const email = uniqueEmail("img-bad");
    const out = await add(email, new Blob(["just some text"], { type: "image/png" }), "evil.png");
    expect(out.status).toBe(400);
    const body = JSON.stringify(out.body);
    expect(body).toContain("Only JPEG, PNG, GIF, and WebP images are allowed");
    expect(body).toContain("Senior Wealth Advisor");
    expect(await byEmail(email)).toBeUndefined();
    expect(await uploads()).toEqual([]);
  });

  it("refuses a 6 MB file with 'Image must be less than 5MB' and keeps the text", async () => {
    const email = uniqueEmail("img-big");
    const big = Buffer.alloc(6 * 1024 * 1024);
    png.copy(big);
    const out = await add(email, new Blob([new Uint8Array(big)], { type: "image/png" }), "big.png");
    expect(out.status).toBe(400);
    expect(JSON.stringify(out.body)).toContain("Image must be less than 5MB");
    expect(JSON.stringify(out.body)).toContain("Eleanor Whitfield");
    expect(await byEmail(email)).toBeUndefined();
    expect(await uploads()).toEqual([]);
  });

  it("replacing the image deletes the old files; 'Remove image' deletes the current ones", async () => {
    const email = uniqueEmail("img-replace");
    await add(email, new Blob([new Uint8Array(png)], { type: "image/png" }));
    const first = await byEmail(email);
    const firstFiles = await uploads();
    expect(firstFiles.length).toBeGreaterThan(0);
    const other = await sharp(png).jpeg().toBuffer();
    const out = await call(editAction, multipart(`/admin/professionals/${first?.id}/edit`, [...fields(email), ["profileImage", new Blob([new Uint8Array(other)], { type: "image/jpeg" }), "new.jpg"]], admin), { id: String(first?.id) });
    expect(out).toMatchObject({ kind: "redirect", status: 303 });
    const second = await byEmail(email);
    expect(second?.profileImage).not.toBe(first?.profileImage);
    expect((await uploads()).some((f) => firstFiles.includes(f))).toBe(false);
    expect((await uploads()).length).toBeGreaterThan(0);

    const removed = await call(editAction, multipart(`/admin/professionals/${first?.id}/edit`, [...fields(email), ["removeImage", "on"]], admin), { id: String(first?.id) });
    expect(removed).toMatchObject({ kind: "redirect", status: 303 });
    expect((await byEmail(email))?.profileImage).toBeNull();
    expect(await uploads()).toEqual([]);
  });

  it("deleting the professional removes the image files", async () => {
    const email = uniqueEmail("img-delete");
    await add(email, new Blob([new Uint8Array(png)], { type: "image/png" }));
    const row = await byEmail(email);
    expect((await uploads()).length).toBeGreaterThan(0);
    const body = new URLSearchParams({ intent: "delete", id: String(row?.id), confirmed: "yes" });
    const out = await call(listAction, new Request(new URL("/admin/professionals", ORIGIN), { method: "POST", body, headers: { Origin: ORIGIN, Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" } }));
    expect(out).toMatchObject({ kind: "redirect", status: 303 });
    expect(await byEmail(email)).toBeUndefined();
    expect(await uploads()).toEqual([]);
  });

  it("a non-admin's post is refused with 403 and writes nothing", async () => {
    const client = await sessionFor("client");
    const email = uniqueEmail("img-client");
    const out = await call(newAction, multipart("/admin/professionals/new", [...fields(email), ["profileImage", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png"]], client));
    expect(out.status).toBe(403);
    expect(await byEmail(email)).toBeUndefined();
    expect(await uploads()).toEqual([]);
  });
});

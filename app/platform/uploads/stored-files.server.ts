import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { storedFiles } from "~/platform/schema";
import { startsWith } from "~/platform/sql-dialect.server";

/**
 * Uploaded files live in the database (docs/decisions/033-two-engines.md): every app server serves
 * them, and the database's backup holds them with the rows that point at them. Files are immutable
 * (a new image gets a new name), so served bytes are kept in memory up to a budget.
 */
const MEMORY_BUDGET_BYTES = 32 * 1024 * 1024;
const served = new Map<string, { bytes: Buffer; contentType: string }>();
let servedBytes = 0;

function remember(name: string, file: { bytes: Buffer; contentType: string }) {
  if (file.bytes.length > MEMORY_BUDGET_BYTES / 8) return;
  served.set(name, file);
  servedBytes += file.bytes.length;
  for (const [oldest, kept] of served) {
    if (servedBytes <= MEMORY_BUDGET_BYTES) break;
    served.delete(oldest);
    servedBytes -= kept.bytes.length;
  }
}

function forget(name: string) {
  const kept = served.get(name);
  if (!kept) return;
  served.delete(name);
  servedBytes -= kept.bytes.length;
}

export async function writeStoredFile(name: string, contentType: string, bytes: Buffer): Promise<void> {
  await db().insert(storedFiles).values({ name, contentType, bytes }).onConflictDoUpdate({ target: storedFiles.name, set: { contentType, bytes } });
  forget(name);
}

/** The file named in an /uploads/ URL, or undefined; what the server sends for GET /uploads/<name>. */
export async function readStoredFile(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const kept = served.get(name);
  if (kept) {
    // Most recently used last: the budget evicts the least recently used first.
    served.delete(name);
    served.set(name, kept);
    return kept;
  }
  const [row] = await db().select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.name, name)).limit(1);
  if (!row) return undefined;
  const file = { bytes: Buffer.from(row.bytes), contentType: row.contentType };
  remember(name, file);
  return file;
}

export async function storedFileNames(prefix: string): Promise<string[]> {
  const rows = await db().select({ name: storedFiles.name }).from(storedFiles).where(startsWith(storedFiles.name, prefix)).orderBy(storedFiles.name);
  return rows.map((r) => r.name);
}

export async function deleteStoredFiles(names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db().delete(storedFiles).where(inArray(storedFiles.name, names));
  for (const name of names) forget(name);
}

/**
 * Brings the image files an earlier release wrote to UPLOADS_DIR into the database, once: a file
 * already stored is left alone, so running it at every start costs one listing. The files stay where
 * they were (the operator may delete the folder after a backup).
 */
export async function importUploadsFolder(dir: string, isGeneratedName: (name: string) => boolean): Promise<number> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter(isGeneratedName);
  if (names.length === 0) return 0;
  const known = new Set(
    (await db().select({ name: storedFiles.name }).from(storedFiles).where(inArray(storedFiles.name, names))).map((r) => r.name),
  );
  let imported = 0;
  for (const name of names) {
    if (known.has(name)) continue;
    const bytes = await fs.readFile(path.join(dir, name));
    await db().insert(storedFiles).values({ name, contentType: "image/webp", bytes }).onConflictDoNothing();
    imported++;
  }
  return imported;
}

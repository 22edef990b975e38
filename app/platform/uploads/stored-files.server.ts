import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { storedFiles } from "~/platform/schema";
import { startsWith } from "~/platform/sql-dialect.server";

/**
 * Uploaded files live in the database (docs/decisions/033-two-engines.md): every app server serves
 * them, and the database's backup holds them with the rows that point at them. Nothing is kept in a
 * server's memory: a file deleted through one server must stop being served by all of them at once,
 * and browsers and shared caches keep the bytes (their names change with the image, so they are
 * sent as immutable for a year), so the database is asked rarely.
 */
export async function writeStoredFile(name: string, contentType: string, bytes: Buffer): Promise<void> {
  await db().insert(storedFiles).values({ name, contentType, bytes }).onConflictDoUpdate({ target: storedFiles.name, set: { contentType, bytes } });
}

/** The file named in an /uploads/ URL, or undefined; what the server sends for GET /uploads/<name>. */
export async function readStoredFile(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const [row] = await db().select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.name, name)).limit(1);
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.contentType } : undefined;
}

export async function storedFileNames(prefix: string): Promise<string[]> {
  const rows = await db().select({ name: storedFiles.name }).from(storedFiles).where(startsWith(storedFiles.name, prefix)).orderBy(storedFiles.name);
  return rows.map((r) => r.name);
}

export async function deleteStoredFiles(names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db().delete(storedFiles).where(inArray(storedFiles.name, names));
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

import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import type { FeaturedImageMeta } from "~/platform/schema";
import type { ResponsiveImage } from "./image";
import { IMAGE_ERRORS, type ImageError } from "~/platform/uploads/image";
import { isStorageError, isStorageFailure } from "~/platform/storage-failure.server";
import { deleteStoredFiles, importUploadsFolder, readStoredFile, storedFileNames, writeStoredFile } from "~/platform/uploads/stored-files.server";
import { logFor } from "~/platform/log.server";

const log = logFor("images");

/** The widths each featured image is re-encoded at (never wider than the original). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const MAX_WIDTH = 1600;

export type SniffedType = "jpeg" | "png" | "gif" | "webp";

/**
 * The image type from the file's first bytes, never its name or the browser's claim, which the sender
 * chooses (docs/decisions/014-blog-images-and-sanitised-copy.md): JPEG, PNG, GIF or WebP; anything else
 * (SVG, HTML, a text file named .png) is null.
 */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const b = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return "png";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** Generated names only: what the rows name and the stored files are called. */
const BASE_PATTERN = /^blog-[a-z0-9]{6,12}-[a-f0-9]{16}$/;
export const isImageBase = (value: unknown): value is string => typeof value === "string" && BASE_PATTERN.test(value);

const fileName = (base: string, width: number) => `${base}-${width}.webp`;
export const imageUrl = (base: string, width: number) => `/uploads/${fileName(base, width)}`;

function checkedName(base: string, width: number): string {
  if (!isImageBase(base) || !Number.isInteger(width)) throw new Error("not a generated image name");
  return fileName(base, width);
}

/** A generated file name split into its image and width, or null for any other name. */
export function parseImageFileName(name: string): { base: string; width: number } | null {
  const m = /^(blog-[a-z0-9]{6,12}-[a-f0-9]{16})-(\d+)\.webp$/.exec(name);
  return m?.[1] && m[2] ? { base: m[1], width: Number(m[2]) } : null;
}

export class UnreadableImageError extends Error {}

/**
 * Decodes an uploaded JPEG/PNG/GIF/WebP and writes WebP copies at IMAGE_WIDTHS. Re-encoding drops every
 * byte of the original that is not pixels: EXIF (location, camera), comments, and anything appended to
 * make a polyglot file. sharp works off the event loop (libvips threads).
 */
export async function storeFeaturedImage(bytes: Buffer): Promise<FeaturedImageMeta> {
  const type = sniffImageType(bytes);
  if (!type) throw new UnreadableImageError("not an allowed image type");
  let meta: Metadata;
  try {
    // The decoder must agree with the bytes we sniffed: no other loader (svg, pdf, heif...) runs.
    meta = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new UnreadableImageError("the image could not be read");
  }
  if (meta.format !== type || !meta.width || !meta.height) throw new UnreadableImageError("the image could not be read");

  // Orientation from EXIF is applied before the metadata goes, so a phone photo stays upright.
  const rotated = (meta.orientation ?? 1) >= 5;
  const naturalWidth = rotated ? meta.height : meta.width;
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < naturalWidth);
  widths.push(Math.min(naturalWidth, MAX_WIDTH));

  const base = `blog-${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`;
  const written: number[] = [];
  let largest = { width: 0, height: 0 };
  try {
    for (const width of [...new Set(widths)].sort((a, b) => a - b)) {
      // Encoded in memory and written apart, so that a decoder's complaint (not an image we accept) and
      // a database that cannot take the write (the site's trouble) stay apart.
      const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          throw new UnreadableImageError("the image could not be converted");
        });
      await writeStoredFile(checkedName(base, width), "image/webp", data);
      written.push(width);
      largest = { width: info.width, height: info.height };
    }
  } catch (error) {
    await deleteImageFiles({ base, widths: [...written, ...widths], width: 0, height: 0 });
    throw error;
  }
  return { base, widths: written, width: largest.width, height: largest.height };
}

/** The generated images stored, with their widths, for the sweeper. */
export async function storedImageBases(): Promise<Map<string, number[]>> {
  const bases = new Map<string, number[]>();
  for (const name of await storedFileNames("blog-")) {
    const image = parseImageFileName(name);
    if (image) bases.set(image.base, [...(bases.get(image.base) ?? []), image.width]);
  }
  return bases;
}

/** When a generated name was made (its first part is Date.now() in base 36). */
export const imageBaseTime = (base: string) => parseInt(base.split("-")[1] ?? "", 36);

/** Removes an image's files; a file already gone is not an error. */
export async function deleteImageFiles(meta: FeaturedImageMeta | null | undefined): Promise<void> {
  if (!meta || !isImageBase(meta.base)) return;
  await deleteStoredFiles(meta.widths.map((w) => checkedName(meta.base, w)));
}

/**
 * An image uploaded in an earlier round of the same form (the no-JS editor re-rendered with an
 * error, or the JS upload): only a generated name whose files exist is believed.
 */
export async function findStoredImage(base: unknown): Promise<FeaturedImageMeta | null> {
  if (!isImageBase(base)) return null;
  const widths = (await storedFileNames(`${base}-`))
    .map((name) => parseImageFileName(name))
    .filter((image) => image?.base === base && image.width > 0)
    .map((image) => image?.width ?? 0)
    .sort((a, b) => a - b);
  const top = widths[widths.length - 1];
  if (top === undefined) return null;
  const file = await readStoredFile(checkedName(base, top));
  if (!file) return null;
  const meta = await sharp(file.bytes).metadata();
  return { base, widths, width: meta.width ?? top, height: meta.height ?? 0 };
}

export function responsiveImage(meta: FeaturedImageMeta | null, alt: string): ResponsiveImage | null {
  if (!meta || !isImageBase(meta.base) || meta.widths.length === 0) return null;
  const top = meta.widths[meta.widths.length - 1] ?? meta.width;
  return {
    src: imageUrl(meta.base, top),
    srcSet: meta.widths.map((w) => `${imageUrl(meta.base, w)} ${w}w`).join(", "),
    width: meta.width,
    height: meta.height,
    alt,
  };
}

/**
 * Reads an uploaded file (the blog editor's and the admin's professional form's): the form's messages
 * for too large / wrong type (IMAGE_ERRORS); never throws for bad bytes.
 */
export async function acceptImageUpload(file: { bytes: Buffer; tooLarge: boolean }): Promise<{ meta: FeaturedImageMeta } | { error: ImageError }> {
  if (file.tooLarge) return { error: IMAGE_ERRORS.tooLarge };
  if (!sniffImageType(file.bytes)) return { error: IMAGE_ERRORS.invalidType };
  try {
    return { meta: await storeFeaturedImage(file.bytes) };
  } catch (error) {
    // The database could not take it (a full disk, a lost connection): the image was fine, the site could not keep it.
    if (isStorageError(error) || isStorageFailure(error)) {
      log.error({ err: error }, "could not store an upload");
      return { error: IMAGE_ERRORS.failed };
    }
    // The first bytes said image but the rest would not decode: not an image we accept.
    return { error: IMAGE_ERRORS.invalidType };
  }
}

const UPLOAD_URL = /^\/uploads\/(blog-[a-z0-9]{6,12}-[a-f0-9]{16})-\d+\.webp$/;

/** The smallest variant's URL: what a small picture (a professional's avatar) stores and shows. */
export const smallImageUrl = (meta: FeaturedImageMeta) => imageUrl(meta.base, meta.widths[0] ?? meta.width);

/** Removes every variant of the image a stored `/uploads/...webp` URL points at; other URLs are left alone. */
export async function deleteImageByUrl(url: string | null | undefined): Promise<void> {
  const base = url ? UPLOAD_URL.exec(url)?.[1] : undefined;
  if (!base) return;
  const stored = await storedImageBases();
  await deleteImageFiles({ base, widths: stored.get(base) ?? [], width: 0, height: 0 });
}

/** Imports the images an earlier release kept in UPLOADS_DIR (start-up; see stored-files.server.ts). */
export const importImageFolder = (dir: string) => importUploadsFolder(dir, (name) => parseImageFileName(name) !== null);

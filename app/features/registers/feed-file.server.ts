/**
 * A downloaded feed file as a stream of text, whatever it came as: gzip (the SEC's firm feeds), a zip
 * with one entry (the SEC's individual feed) or plain XML. The kind is read from the file's first bytes,
 * not its name, and the text is decoded with the encoding its XML declaration names (the SEC's feeds
 * are ISO-8859-1). A truncated gzip or zip fails while it is read, before anything is applied.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import zlib from "node:zlib";
import yauzl from "yauzl";

export class FeedFileError extends Error {}

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The one XML entry of a zip, as a stream. */
function zipEntry(file: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(new FeedFileError(`The zip file cannot be read (${error?.message ?? "no archive"}): it may be incomplete.`));
      let found = false;
      zip.on("error", (e: Error) => reject(new FeedFileError(`The zip file cannot be read: ${e.message}`)));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (found || entry.fileName.endsWith("/") || !/\.xml$/i.test(entry.fileName)) return zip.readEntry();
        found = true;
        zip.openReadStream(entry, (e, stream) => (e || !stream ? reject(new FeedFileError(`The zip entry ${entry.fileName} cannot be read: ${e?.message}`)) : resolve(stream)));
      });
      zip.on("end", () => {
        if (!found) reject(new FeedFileError("The zip file holds no .xml file."));
      });
      zip.readEntry();
    });
  });
}

/** The file's bytes, unpacked. */
/** Large chunks: a feed is hundreds of megabytes, and each chunk costs a turn of the event loop. */
const CHUNK = 1 << 18;

async function unpacked(file: string): Promise<Readable> {
  const magic = await firstBytes(file, 4);
  const read = () => fs.createReadStream(file, { highWaterMark: CHUNK });
  if (magic[0] === 0x1f && magic[1] === 0x8b) return read().pipe(zlib.createGunzip({ chunkSize: CHUNK }));
  if (magic[0] === 0x50 && magic[1] === 0x4b && magic[2] === 0x03 && magic[3] === 0x04) return zipEntry(file);
  return read();
}

const LATIN1 = new Set(["iso-8859-1", "latin1", "iso8859-1", "iso_8859-1", "us-ascii", "ascii"]);
const UTF8 = new Set(["utf-8", "utf8"]);
const ENCODING = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/**
 * The file's text in chunks. Errors of the file itself (a truncated gzip, an unreadable zip, an unknown
 * encoding) come out as FeedFileError with a sentence an operator can act on.
 */
export async function* feedText(file: string): AsyncGenerator<string> {
  let stream: Readable;
  try {
    stream = await unpacked(file);
  } catch (error) {
    if (error instanceof FeedFileError) throw error;
    throw new FeedFileError(`The file cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  let decoder: StringDecoder | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!decoder) {
        const label = (ENCODING.exec(chunk.subarray(0, 200).toString("latin1"))?.[1] ?? "utf-8").toLowerCase();
        // Node's own decoders, not TextDecoder's: ISO-8859-1 is Node's "latin1", and both run natively.
        const encoding = LATIN1.has(label) ? "latin1" : UTF8.has(label) ? "utf8" : null;
        if (!encoding) throw new FeedFileError(`The file's encoding ${label} is not one this importer reads (ISO-8859-1 or UTF-8).`);
        decoder = new StringDecoder(encoding);
      }
      yield decoder.write(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new FeedFileError(`The file is incomplete or damaged (${message}): download it again.`);
  }
  if (decoder) yield decoder.end();
}

import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { data } from "react-router";
import { MAX_IMAGE_BYTES } from "~/platform/uploads/image";

export type UploadedFile = {
  /** The first MAX_IMAGE_BYTES at most: bytes past the limit were read off the wire and dropped. */
  bytes: Buffer;
  tooLarge: boolean;
};

export type EditorForm = { formData: FormData; file: UploadedFile | null };

/** Text fields of the editor: the content box holds up to 50,000 characters (4 bytes each at most). */
const FIELD_BYTES = 256 * 1024;

/**
 * Reads the editor's form as a stream (docs/decisions/014-blog-images-and-sanitised-copy.md). Text fields are kept; the one file field
 * (`featuredImage`, or the caller's `fileField`: the admin's professional form uses it too) is collected up to 5 MB, and anything past that is discarded as it arrives, so
 * a 6 MB image costs 5 MB of memory at most and the editor can still re-render with the person's
 * text and 'Image must be less than 5MB'. The 25 MB hard cap on the whole body is the server's
 * (server.ts). A url-encoded post (no file) is read the ordinary way.
 */
export async function readEditorForm(request: Request, fileField = "featuredImage"): Promise<EditorForm> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    try {
      return { formData: await request.formData(), file: null };
    } catch {
      throw data({ error: "Malformed form" }, { status: 400 });
    }
  }
  if (!request.body) throw data({ error: "Malformed form" }, { status: 400 });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // The professional form's checkbox groups send one part per ticked box (matching data: ~60 at most).
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 120, parts: 130, fieldSize: FIELD_BYTES },
    });
  } catch {
    throw data({ error: "Malformed form" }, { status: 400 });
  }

  const formData = new FormData();
  let file: UploadedFile | null = null;
  let fieldTooLong = false;

  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fieldTooLong = true;
      formData.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      // A body cut off mid-file (the client gone, the 25 MB cap) destroys the file stream with that
      // error as well as the parser: unheard, it threw out of the event loop and ended the process.
      // The parser's own error below is the one that answers.
      stream.on("error", () => {});
      if (name !== fileField || !info.filename) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on("limit", () => {
        // busboy stops handing us bytes and drains the rest of this file.
        file = { bytes: Buffer.alloc(0), tooLarge: true };
        chunks.length = 0;
      });
      stream.on("end", () => {
        if (file?.tooLarge) return;
        // An empty file input still sends a part with no bytes: no image was chosen.
        if (size > 0) file = { bytes: Buffer.concat(chunks, size), tooLarge: false };
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });

  // Piped, not pipeline(): on a malformed part pipeline() would destroy the request, and with it the
  // connection the 400 has to go out on. The source's own error (the client gone, the 25 MB cap) ends
  // the parser with it.
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    await done;
  } catch (error) {
    // The rest of the body is read and dropped (server/request-guards.ts caps it at 25 MB).
    source.unpipe(parser);
    source.resume();
    // Past the 25 MB cap server/request-guards.ts has already answered 413; a body the client cut off
    // has no one to answer. Either way the form never reaches the action, so nothing is written.
    if ((error as { code?: unknown } | null)?.code === "BODY_TOO_LARGE") throw data({ error: "Too large" }, { status: 413 });
    throw data({ error: "Malformed form" }, { status: 400 });
  }
  if (fieldTooLong) throw data({ error: "A field is too long" }, { status: 413 });
  return { formData, file };
}

import { data } from "react-router";

/**
 * The posted form of an action. A body that cannot be read as a form (a malformed multipart body,
 * one cut off mid-way) is the sender's mistake: 400 on the site's error page, nothing written,
 * never a 500. (server.ts already refuses bodies that are not form encodings with 415.)
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: "Bad request" }, { status: 400 });
  }
}

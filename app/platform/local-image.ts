/**
 * An image path this site serves itself, else null. The CSP allows images from no other origin, so an
 * external URL (or a protocol-relative one, or one a browser would read as such because of a backslash)
 * stored in an old row or by an editor would only render as a broken picture: it is simply not rendered.
 */
export function localImage(src: string | null): string | null {
  return src && src.startsWith("/") && !src.startsWith("//") && !src.includes("\\") ? src : null;
}

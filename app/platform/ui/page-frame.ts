/**
 * A route whose `handle` is OWN_FRAME renders its whole page (the admin area: sidebar or a bare
 * sign-in card), so the root leaves out the site's header, footer and flash message for it.
 */
export const OWN_FRAME = { ownFrame: true } as const;

export function rendersOwnFrame(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "ownFrame" in handle && handle.ownFrame === true;
}

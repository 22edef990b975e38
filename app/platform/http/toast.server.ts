import crypto from "node:crypto";
import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { signedCookie } from "./cookies.server";

const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
  /** New for every message: the page shows a repeated message again (e.g. a second 'Link sent'). */
  id: z.string().max(40).optional(),
  /**
   * The section a page without JavaScript opens at (the redirect's or the form's #fragment): the message is
   * rendered there (AnchoredFlash) instead of at the top, where it would be out of sight.
   */
  anchor: z.enum(["send-message", "shortlist", "introductions", "messages"]).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
const storages = new WeakMap<object, ToastStorage>();

function storage(request: Request) {
  const cookie = signedCookie(request, "toast");
  let s = storages.get(cookie);
  if (!s) {
    s = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({ cookie });
    storages.set(cookie, s);
  }
  return s;
}

/** A flash message (a toast) that survives exactly one redirect. */
export async function toastHeaders(request: Request, toast: Toast): Promise<Headers> {
  const s = storage(request);
  const session = await s.getSession();
  session.flash("toast", ToastSchema.parse({ ...toast, id: crypto.randomUUID() }));
  return new Headers({ "Set-Cookie": await s.commitSession(session) });
}

const ANCHORS = ToastSchema.shape.anchor.unwrap().options;

/** The redirect's #fragment when it names a section that renders its own message. */
function anchorOf(url: string): Toast["anchor"] {
  const fragment = url.split("#")[1];
  return ANCHORS.find((a) => a === fragment);
}

export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  for (const [k, v] of await toastHeaders(request, { anchor: anchorOf(url), ...toast })) headers.append(k, v);
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the pending flash message. */
export async function getToast(request: Request) {
  const s = storage(request);
  const session = await s.getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success
      ? new Headers({ "Set-Cookie": await s.destroySession(session) })
      : null,
  };
}

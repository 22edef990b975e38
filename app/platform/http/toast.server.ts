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

export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  for (const [k, v] of await toastHeaders(request, toast)) headers.append(k, v);
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

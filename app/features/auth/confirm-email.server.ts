import { data } from "react-router";
import { redirectWithToast } from "~/platform/http/toast.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { landingFor } from "~/domain/roles";
import { requireUser, safeRedirect } from "./permissions.server";
import { getUser } from "./session.server";
import { checkConfirmationToken, confirmEmail, isEmailConfirmed, resendConfirmationLink } from "./email-confirmation.server";
import { pageUrl } from "~/platform/http/page-url.server";

const CONFIRMATION_MESSAGES = {
  confirmed: "Thank you: your email address is confirmed.",
  sent: "We have sent a new link. Please check your inbox (and your spam folder); only the newest link works.",
  alreadyConfirmed: "Your email address is already confirmed.",
} as const;

/** 'Try again in 12 minutes': what the limit message tells the person. */
function limitMessage(retryAt: Date | null, now = new Date()): string {
  const minutes = retryAt ? Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000)) : 60;
  return `You have asked for several links in a short time. Please use the newest link we sent, or try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Where the signed-in person stands, for the page of a link that cannot be used: so it can offer a new
 * link (signed in, unconfirmed), say there is nothing to do (confirmed), or ask them to sign in.
 */
async function visitorState(request: Request) {
  const user = await getUser(request);
  if (!user) return { signedIn: false as const, confirmed: false, home: null };
  return { signedIn: true as const, confirmed: await isEmailConfirmed(user.id), home: landingFor(user.role) };
}

/** Opening the link shows a button; it never confirms anything, since mail scanners open links too. */
export async function confirmEmailLoader({ request }: RequestArgs) {
  const token = pageUrl(request).searchParams.get("token");
  const state = await checkConfirmationToken(token);
  return data({ token: state.valid ? token : null, visitor: await visitorState(request) }, { status: state.valid ? 200 : 400 });
}

/** 'Confirm my email' (intent confirm, with the token) and 'Resend the link' (intent resend, signed in). */
export async function confirmEmailAction(args: RequestArgs) {
  const { request } = args;
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "resend") return resendAction(args, form);

  const token = form.get("token");
  const result = typeof token === "string" ? await confirmEmail(args, token) : { ok: false as const };
  if (!result.ok) {
    return data({ linkInvalid: true, visitor: await visitorState(request) }, { status: 400 });
  }
  const user = await getUser(request);
  // Signed in as someone else (a shared computer): the message names the address that was confirmed.
  const description = !user
    ? `${CONFIRMATION_MESSAGES.confirmed} Sign in to continue.`
    : user.id === result.userId
      ? CONFIRMATION_MESSAGES.confirmed
      : `Thank you: ${result.email} is confirmed.`;
  return redirectWithToast(request, user ? landingFor(user.role) : "/login", { type: "success", title: "Email confirmed", description });
}

async function resendAction(args: RequestArgs, form: FormData) {
  const { request } = args;
  const user = await requireUser(request);
  const back = safeRedirect(form.get("redirectTo"), landingFor(user.role));
  const result = await resendConfirmationLink(args, { id: user.id, email: user.email, name: user.fullName });
  if (result.status === "limited") {
    return redirectWithToast(request, back, { type: "error", title: "No new link sent", description: limitMessage(result.retryAt) });
  }
  if (result.status === "already-confirmed") {
    return redirectWithToast(request, back, { type: "info", title: "Nothing to do", description: CONFIRMATION_MESSAGES.alreadyConfirmed });
  }
  return redirectWithToast(request, back, { type: "success", title: "Link sent", description: CONFIRMATION_MESSAGES.sent });
}

import { z } from "zod";
import { emailField } from "~/domain/fields";

/** The Stay Informed form: one address (the same rules as an account's). */
export const SubscribeSchema = z.object({ email: emailField });

/** What every subscriber sees after asking, whatever the address's state, so the page tells nothing about it. */
export const SUBSCRIBE_SENT = {
  title: "Check your inbox",
  body: "If this address can receive the newsletter, a message with a confirmation link is on its way. Your subscription starts once you confirm.",
} as const;

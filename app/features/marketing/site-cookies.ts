import { COOKIES } from "~/platform/http/cookies";

/**
 * Every cookie the site sets, for the cookie and privacy pages. All are first-party and strictly
 * necessary; when a feature adds a cookie, it is listed here so the policies stay true.
 */
export const SITE_COOKIES = [
  {
    name: COOKIES.session.name,
    purpose: "Keeps you signed in. It holds a random identifier, signed by us, that points to your session on our server; signing out or resetting your password ends that session.",
    duration: "Until you close your browser (at most 12 hours), or 30 days if you choose 'Remember me'",
    who: "Anyone who signs in",
  },
  {
    name: COOKIES.toast.name,
    purpose: "Carries a one-time message, such as a confirmation that your message was sent, to the next page you see. It is cleared once the message is shown.",
    duration: "Until the message is shown, or you close your browser",
    who: "Anyone",
  },
  {
    name: COOKIES.wizard.name,
    purpose: "Remembers your answers between the steps of registration, encrypted so that only our server can read them. It is removed when your account is created.",
    duration: "1 hour",
    who: "People registering",
  },
  {
    name: COOKIES.csrf.name,
    purpose: "Protects the contact form: it holds a random token, signed by us, that the form must repeat, so another website cannot send a message in your name.",
    duration: "Until you close your browser",
    who: "Visitors of the contact page",
  },
  {
    name: COOKIES.twoFactor.name,
    purpose: "Remembers, between the password and the code from an authenticator app, whose code the sign-in is waiting for. It is signed by us, and removed once the code is accepted.",
    duration: "10 minutes",
    who: "Administrators who sign in with two-factor authentication",
  },
  {
    name: COOKIES.sidebar.name,
    purpose: "Remembers whether the administration sidebar is open or collapsed.",
    duration: "7 days",
    who: "WealthMatch administrators only",
  },
] as const;

import { data } from "react-router";
import { requireUser } from "~/features/auth/permissions.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { findOwnProfessional } from "~/features/professionals/own-professional.data.server";
import { PRO_INTRODUCTIONS_PAGE, professionalIntroductions } from "~/features/introductions/introductions.data.server";
import { MESSAGES_PAGE, clientIntroductionList, messageList } from "~/features/introductions/member-messages.data.server";
import { upcomingCallsOfClient, upcomingCallsOfProfessional } from "~/features/booking/booking.data.server";

/** The list pages of the member nav (decision 059): /messages, /introductions and /calls. */

const MAX_PAGE = 10_000;

/** ?page=N, 1 when missing or not a number. */
function pageOf(request: Request): number {
  const n = Number.parseInt(pageUrl(request).searchParams.get("page") ?? "1", 10);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/** A page past the end of a list that has rows: 404, so a made-up page number is not an empty page cached anywhere. */
const pastTheEnd = () => data({ error: "Not found" }, { status: 404 });

/** /messages: every message of the reader's threads, newest first, the unread ones marked. */
export async function messagesLoader(request: Request) {
  const user = await requireUser(request);
  const page = pageOf(request);
  const { rows, total } = await messageList(user, page);
  const pageCount = Math.max(1, Math.ceil(total / MESSAGES_PAGE));
  if (page > pageCount) throw pastTheEnd();
  // Times in the reader's zone, named ("Dec 3, 2026, 1:57 AM CET"); UTC until they choose one on /account.
  return { rows, total, page, pageCount, timeZone: user.timeZone ?? "UTC" };
}

/** /introductions: the client's requests, and the professional's clients (the dashboard's list and its answers). */
export async function introductionsLoader(request: Request) {
  const user = await requireUser(request);
  const page = pageOf(request);
  const own = user.roles.includes("professional") ? await findOwnProfessional(user) : null;
  const asProfessional = own?.editable ? await professionalIntroductions(own.row.id, page) : null;
  const pageCount = asProfessional ? Math.max(1, Math.ceil(asProfessional.total / PRO_INTRODUCTIONS_PAGE)) : 1;
  if (page > pageCount) throw pastTheEnd();
  return {
    asClient: await clientIntroductionList(user.id),
    asProfessional: asProfessional ? { ...asProfessional, page, pageCount } : null,
  };
}

/** /calls: the booked first calls still ahead, the client's in their zone, the professional's in their hours' zone. */
export async function callsLoader(request: Request) {
  const user = await requireUser(request);
  const own = user.roles.includes("professional") ? await findOwnProfessional(user) : null;
  const [asClient, asProfessional] = await Promise.all([
    upcomingCallsOfClient(user.id),
    own?.editable ? upcomingCallsOfProfessional(own.row.id) : Promise.resolve(null),
  ]);
  return { asClient, asProfessional };
}

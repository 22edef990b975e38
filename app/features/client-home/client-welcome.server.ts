import { requireUser } from "~/features/auth/permissions.server";
import { getSettings } from "~/platform/settings.server";
import { registeredFirstName } from "~/features/registration/registration.data.server";
import { activeClientIntroductions, clientShortlist, hasAskedForIntroductions } from "~/features/introductions/introductions.data.server";
import { unreadMessages } from "~/features/introductions/introduction-page.data.server";
import { introductionsEndedByDeparture } from "~/features/account/departures.data.server";
import { pendingOutcomes } from "~/features/outcomes/outcomes.data.server";
import { upcomingCallsOfClient } from "~/features/booking/booking.data.server";
import { registerStandingsOf } from "~/features/registers/standing.server";

/**
 * Whom the welcome greets: the first name the person gave, else the part of the e-mail before the @ sign,
 * else 'Valued Client'.
 */
export function greetingName(firstName: string | null | undefined, email: string | null | undefined): string {
  const first = (firstName ?? "").trim();
  if (first) return first;
  const local = (email ?? "").split("@")[0]?.trim() ?? "";
  return local || "Valued Client";
}

/**
 * Any signed-in person may read the welcome; a professional who opens it is offered their dashboard
 * rather than being sent away, since everything on it is true for them too.
 */
export async function clientWelcomeLoader(request: Request) {
  const user = await requireUser(request);
  const professional = user.roles.includes("professional");
  // Independent reads, asked together: on PostgreSQL they travel at once instead of one round trip each.
  const [settings, released, firstName] = await Promise.all([getSettings(), clientShortlist(user.id), registeredFirstName(user.id)]);
  // A professional's messages and calls come from their own clients too. A released shortlist already
  // read the client's introductions.
  const asked = professional || (released ? released.asked : await hasAskedForIntroductions(user.id));
  // A client who never asked for an introduction, as everyone does on first reading their shortlist, has
  // no messages, calls or ended introductions: four reads fewer on the page they open most.
  const [unread, endedIntroductions, outcomes, upcomingCalls] = asked
    ? await Promise.all([
        unreadMessages(user.id, { professional }),
        introductionsEndedByDeparture(user.id),
        pendingOutcomes(user.id, { professional }),
        upcomingCallsOfClient(user.id),
      ])
    : [[], [], [], { timeZone: null, calls: [] }];
  // A card shows its three strongest reasons (clientShortlist); the profile has every line.
  // Each card says which registers were checked, and what changed in a record once our team decided.
  const standings = released ? await registerStandingsOf(released.entries.map((e) => e.summary.id)) : new Map();
  const shortlist = released
    ? { releasedAt: released.releasedAt, entries: released.entries.map((e) => ({ ...e, register: standings.get(e.summary.id) ?? null })) }
    : null;
  return {
    name: greetingName(firstName, user.email),
    isProfessional: professional,
    isClient: user.roles.includes("client"),
    email: user.email,
    emailConfirmed: user.emailConfirmed,
    support: settings.support,
    supportHours: settings.supportHours,
    /** Null until an admin has released the client's shortlist. */
    shortlist,
    /** While a changed set of answers is under review, the introductions already asked for stay in view. */
    pendingIntroductions: shortlist ? [] : await activeClientIntroductions(user.id),
    /** Messages from their professionals they have not opened yet. */
    unreadMessages: unread,
    /** Introductions that ended because the professional deleted their account: said, never silent. */
    endedIntroductions,
    /** Calls that ended and whose two questions this client has not answered yet. */
    pendingOutcomes: outcomes,
    /** Booked first calls still ahead, in the client's own time zone. */
    upcomingCalls,
  };
}

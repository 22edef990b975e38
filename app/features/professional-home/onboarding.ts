// The professional's onboarding checklist: from the facts on file, each step's state, what it says and
// where it leads. Pure (the facts are read in onboarding.server.ts), so the wording is tested on its own.
import { MINIMUM_EXPERIENCE_YEARS, VETTING_ITEMS, VETTING_ITEM_INFO, type VerificationState, type VettingItem } from "~/domain/vetting";
import type { SubscriptionState } from "~/domain/billing";
import { countOf } from "~/domain/plain-words";
import { shortDate } from "~/platform/ui/format";

/** Done; the professional's to do; or with our team (nothing for the professional to do meanwhile). */
export type StepState = "done" | "todo" | "team";

export const STEP_STATE_WORDS: Record<StepState, string> = { done: "Done", todo: "To do", team: "With our team" };

export type OnboardingStep = {
  id: "profile" | "registrations" | "availability" | "review" | "plan";
  title: string;
  state: StepState;
  text: string;
  link: { to: string; label: string };
  /** The review's checks, in the professional's words: no admin names, dates or notes. */
  checks?: { item: VettingItem; label: string; state: StepState; note: string | null }[];
};

export type OnboardingView = {
  /**
   * "Your path to verification" until verified, then "What is left to do", then "Your profile is ready"; every
   * step done with the address still unconfirmed, "Confirm your email address".
   */
  title: string;
  /** Where the professional stands: what clients need before they are proposed the profile. */
  lead: string;
  steps: OnboardingStep[];
  done: number;
  /** Every step done and the address confirmed: the checklist moves below the rest of the dashboard. */
  complete: boolean;
  /** "Our team reviews a complete profile within 3 business days." */
  reviewPromise: string;
};

export type OnboardingFacts = {
  /** What the profile still lacks, in words ("professional title"); empty when complete. */
  profileMissing: string[];
  registrations: number;
  /** Our team recorded why no registration applies. */
  exemption: boolean;
  /** The zone of their weekly hours, or null when none are saved. */
  availability: { timeZone: string } | null;
  /** Null with billing off (membership arranged with our team). */
  plan: { state: SubscriptionState | "none"; name: string | null } | null;
  verification: { state: VerificationState; expiresAt: string | null; paused: boolean };
  /** The checklist items our team has ticked so far (a register check filled from imported records counts). */
  checksDone: VettingItem[];
  experienceMeets: boolean;
  feeSchedule: boolean;
  /** The site setting: "within 3 business days". */
  reviewTime: string;
  /**
   * The account's address is confirmed (decision 023). Not a step (the banner above the page asks for it),
   * but until it is, no client is introduced: the checklist is not complete and says so.
   */
  emailConfirmed: boolean;
};

export const PLAN_PATH = "/professional-dashboard/plan";

/** "a, b and c" */
export function listWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function profileStep(f: OnboardingFacts): OnboardingStep {
  const done = f.profileMissing.length === 0;
  return {
    id: "profile",
    title: "Complete your profile",
    state: done ? "done" : "todo",
    text: done
      ? "Your title, biography, fee schedule and matching details are all filled in."
      : `Still missing: ${listWords(f.profileMissing)}.`,
    link: { to: "/professional-dashboard/edit", label: done ? "Edit your profile" : "Complete your profile" },
  };
}

function registrationsStep(f: OnboardingFacts): OnboardingStep {
  const done = f.registrations > 0 || f.exemption;
  return {
    id: "registrations",
    title: "Add your regulator registrations",
    state: done ? "done" : "todo",
    text:
      f.registrations > 0
        ? `${countOf(f.registrations, "registration")} on your profile.`
        : f.exemption
          ? "Our team has recorded why no registration applies to you."
          : "The numbers under which your regulators list you: our team looks each one up on the public register.",
    link: { to: "/professional-dashboard/registrations", label: f.registrations > 0 || f.exemption ? "Manage your registrations" : "Add your registrations" },
  };
}

function availabilityStep(f: OnboardingFacts): OnboardingStep {
  return {
    id: "availability",
    title: "Set your hours for first calls",
    state: f.availability ? "done" : "todo",
    text: f.availability
      ? `Clients whose introduction you accept can book a first call in your weekly hours (${f.availability.timeZone.replace(/_/g, " ")}).`
      : "Until you set your weekly hours, clients whose introduction you accept cannot book a first call with you.",
    link: { to: "/professional-dashboard/availability", label: f.availability ? "Change your hours" : "Set your hours" },
  };
}

/** One check as the professional reads it, with what they can do when it waits for them. */
function checkOf(item: VettingItem, f: OnboardingFacts, verified: boolean): NonNullable<OnboardingStep["checks"]>[number] {
  const label = VETTING_ITEM_INFO[item].professional;
  if (verified || f.checksDone.includes(item)) return { item, label, state: "done", note: null };
  if (item === "register" && f.registrations === 0 && !f.exemption) return { item, label, state: "todo", note: "Add your registrations first." };
  if (item === "experience" && !f.experienceMeets) {
    return { item, label, state: "todo", note: `Your stated experience is below our published minimum of ${MINIMUM_EXPERIENCE_YEARS} years; if that is wrong, correct it on your profile.` };
  }
  if (item === "fees" && !f.feeSchedule) return { item, label, state: "todo", note: "Write your fee schedule on your profile, or send it to our team." };
  return { item, label, state: "team", note: null };
}

function reviewStep(f: OnboardingFacts, reviewPromise: string): OnboardingStep {
  const { state, expiresAt, paused } = f.verification;
  const current = state === "current" && !paused;
  const checks = VETTING_ITEMS.map((item) => checkOf(item, f, current));
  const done = checks.filter((c) => c.state === "done").length;
  const progress = `${done} of ${checks.length} checks done.`;
  const text = paused
    ? "A change in your regulator's record is under review: until our team has looked at it, you are not proposed on new shortlists."
    : current
      ? `Verified${expiresAt ? ` until ${shortDate(expiresAt)}` : ""}: clients can be proposed your profile. We check every profile again each year.`
      : state === "renewal-due"
        ? `Your verification ends on ${shortDate(expiresAt ?? "")}, so our team is checking your profile again. ${progress}`
        : state === "expired"
          ? `Your verification ended on ${shortDate(expiresAt ?? "")}: our team is checking your profile again. ${progress}`
          : `${progress} ${reviewPromise}`;
  return {
    id: "review",
    title: "Our team's review",
    // Waiting for the professional while one of the checks needs something only they can give.
    state: current ? "done" : checks.some((c) => c.state === "todo") ? "todo" : "team",
    text,
    link: { to: "/professionals#standards-title", label: "Our standards" },
    checks,
  };
}

function planStep(f: OnboardingFacts): OnboardingStep {
  const verified = f.verification.state === "current" || f.verification.state === "renewal-due";
  if (!f.plan) {
    return {
      id: "plan",
      title: "Membership",
      state: verified ? "done" : "team",
      text: verified
        ? "Arranged with our team: there is nothing to pay on this site."
        : "Membership is arranged with our team, not on this site. We talk it through with you during the review.",
      link: { to: PLAN_PATH, label: "How membership works" },
    };
  }
  const { state, name } = f.plan;
  const link = { to: PLAN_PATH, label: "Go to your plan" };
  if (state === "active") return { id: "plan", title: "Choose a plan", state: "done", text: `${name ?? "Your plan"} is active.`, link };
  if (state === "past_due") return { id: "plan", title: "Choose a plan", state: "todo", text: "Your last payment failed: update your card in the billing portal.", link };
  return verified
    ? { id: "plan", title: "Choose a plan", state: "todo", text: "Clients are proposed verified professionals with an active plan: choose one to join matching.", link }
    : { id: "plan", title: "Choose a plan", state: "team", text: "Plans open once our team has verified you. You can read them meanwhile.", link };
}

/** The checklist in the order a new professional goes through it: the review comes before the plan it opens. */
export function onboardingView(f: OnboardingFacts): OnboardingView {
  const reviewPromise = `Our team reviews a complete profile ${f.reviewTime}.`;
  const review = reviewStep(f, reviewPromise);
  const plan = planStep(f);
  const steps = [profileStep(f), registrationsStep(f), availabilityStep(f), review, plan];
  const done = steps.filter((s) => s.state === "done").length;
  // Every step done but the address unconfirmed: nobody is introduced yet (decision 023), so not ready.
  const unconfirmedOnly = done === steps.length && !f.emailConfirmed;
  const complete = done === steps.length && f.emailConfirmed;
  const verified = review.state === "done";
  return {
    title: complete ? "Your profile is ready" : unconfirmedOnly ? "Confirm your email address" : verified ? "What is left to do" : "Your path to verification",
    lead: complete
      ? "Everything our team needs is in place. Keep it current: we check every profile again each year."
      : unconfirmedOnly
        ? "Every step is done and clients can be proposed your profile, but you see those who ask to meet you only once you confirm your email address: open the link we sent you, or ask for a new one above."
        : !verified
        ? `Clients are proposed your profile once our team has verified it${f.plan ? " and your plan is active" : ""}. ${reviewPromise}`
        : f.plan && plan.state !== "done"
          ? "Clients are proposed your profile once your plan is active."
          : "Clients can be proposed your profile. What is left helps them choose you and book a first call.",
    steps,
    done,
    complete,
    reviewPromise,
  };
}

import { humanDuration, median } from "~/domain/billing";
import { activitySince } from "./billing.data.server";
import type { ActivityView } from "./plan-cards";

export const ACTIVITY_DAYS = 90;

/** A professional's last 90 days as their home page shows them. */
export async function activityOf(professionalId: number, now = new Date()): Promise<ActivityView> {
  const figures = await activitySince(professionalId, new Date(now.getTime() - ACTIVITY_DAYS * 86_400_000));
  const middle = median(figures.answerTimes);
  return {
    shortlisted: figures.shortlisted,
    introductionsAsked: figures.introductionsAsked,
    accepted: figures.accepted,
    medianAnswer: middle === null ? null : humanDuration(middle),
    callsBooked: figures.callsBooked,
    callsHeld: figures.callsHeld,
  };
}

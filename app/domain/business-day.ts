/**
 * The site promises a shortlist "within one business day": the same time on the next weekday (Monday to
 * Friday, counted in UTC). Registered on a Friday or a weekend, the promise falls on Monday.
 */
export function oneBusinessDayAfter(from: Date): Date {
  const due = new Date(from.getTime());
  do due.setUTCDate(due.getUTCDate() + 1);
  while (due.getUTCDay() === 0 || due.getUTCDay() === 6);
  return due;
}

export const PROMISE_TEXT = "one business day";

/**
 * When a refused visitor may try again, in words that need no time zone ('4 minutes', '30 seconds'):
 * the server does not know the visitor's clock, so a wall-clock time could be hours off.
 */
export function waitInWords(retryAt: Date, now: Date): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The text under 'Too Many Submissions', with the wait in words. */
export function tooManyMessage(retryAt: Date, now: Date): string {
  return `Please wait before submitting again. Try again after ${waitInWords(retryAt, now)}`;
}

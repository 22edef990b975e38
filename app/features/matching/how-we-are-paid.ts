/**
 * The disclosure of how WealthMatch is paid, said wherever it recommends professionals: above the
 * shortlist, on each profile a client opens from it, and in the shortlist's e-mail (the SEC Marketing
 * Rule's compensated recommendation: the pay and the conflict, clearly, when the recommendation is made).
 * One wording, so the three places and the page it links to cannot drift apart.
 */

/** The plain-words page the disclosure links to. */
export const HOW_WE_ARE_PAID_PATH = "/how-we-are-paid";
export const HOW_WE_ARE_PAID_TITLE = "How WealthMatch is paid";

/** The conflict, said first. */
export const PAID_LEAD = "WealthMatch is paid by the professionals it recommends.";

/**
 * What follows it. True of the code: the score reads no plan, price or payment (matching-engine.ts and
 * tests/unit/plan-never-moves-score.test.ts); a subscription decides only whether someone is matched.
 */
export const PAID_DETAIL =
  "Each professional we put forward pays us a subscription; you pay nothing. The order of your shortlist and every score come from our published matching weights, never from a professional's plan or payment.";

import { storeFreshProposal, storeProposal, type Proposal } from "~/features/matching/shortlists.data.server";
import { clientAnswersOf } from "./registration.data.server";

// Registration owns the client's answers and hands matching only the engine's typed answers, converted
// once (clientAnswersFrom); matching never reads the stored blob itself.

/**
 * Computes the client's shortlist from their answers and the verified professionals and stores it as
 * proposed. A released shortlist is never overwritten (the client has seen it): null then, and for a
 * user who is not a client or whose answers cannot be matched.
 */
export async function proposeShortlist(clientUserId: string): Promise<Proposal | null> {
  const answers = await clientAnswersOf(clientUserId);
  return answers ? storeProposal(clientUserId, answers) : null;
}

/**
 * Proposes the client's shortlist afresh after they changed their answers: freshly computed items,
 * status back to 'proposed' for an admin to review, even when it had been released (release cleared).
 * Null for a user who is not a client or whose answers cannot be matched.
 */
export async function reproposeShortlist(clientUserId: string): Promise<Proposal | null> {
  const answers = await clientAnswersOf(clientUserId);
  return answers ? storeFreshProposal(clientUserId, answers) : null;
}

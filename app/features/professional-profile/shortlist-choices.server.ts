import { availableOf, declinesOf } from "./profile.data.server";

/**
 * The client's shortlist entries with what changed since release: a professional unverified or deleted
 * since is 'no longer available' (no button that would only be refused), and the ones the client
 * declined are marked.
 */
export async function withClientChoices<E extends { id: number }>(
  clientUserId: string,
  entries: readonly E[],
): Promise<(E & { available: boolean; declined: boolean })[]> {
  const ids = entries.map((e) => e.id);
  const [available, declined] = await Promise.all([availableOf(ids), declinesOf(clientUserId, ids)]);
  return entries.map((e) => ({ ...e, available: available.has(e.id), declined: declined.has(e.id) }));
}

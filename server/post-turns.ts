// Posts take turns, one per turn of the event loop (docs/decisions/012-password-hashing-pool.md).
// A post's work up to its first real wait (reading the form, the action's checks and writes, a commit's
// fsync) runs in one piece on the event loop. Forty sign-ins arriving together were all read in one
// poll of the sockets and ran back to back, about half a second, while a visitor's page waited behind
// them. Released one per turn, each post is followed by a poll, so other requests (a cached page answers
// in its poll callback) wait for at most one post, not for all of them. Order is kept (first come,
// first served), and an idle server only adds one setImmediate to a post.

import type { NextFunction, Request, Response } from "express";

const waiting: (() => void)[] = [];
let releasing = false;

function releaseOne() {
  const next = waiting.shift();
  // Scheduled from inside a setImmediate callback, the next release runs on the next turn, after a poll.
  if (waiting.length > 0) setImmediate(releaseOne);
  else releasing = false;
  next?.();
}

/** Resolves when it is this request's turn. */
export function postTurn() {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!releasing) {
      releasing = true;
      setImmediate(releaseOne);
    }
  });
}

/** Express middleware: a POST waits for its turn; other methods pass. */
export function postTurns(req: Request, _res: Response, next: NextFunction) {
  if (req.method !== "POST") return next();
  postTurn().then(() => next(), next);
}

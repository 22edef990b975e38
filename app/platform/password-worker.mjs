// Runs inside the password-hashing worker threads (see password.server.ts and
// docs/decisions/012-password-hashing-pool.md). Plain JavaScript on purpose: it is loaded as is by
// Node's worker_threads in production (copied beside the server build), under Vitest and under tsx.
import crypto from "node:crypto";
import bcrypt from "bcryptjs";

// bcrypt reads only the first 72 bytes; hashing with SHA-256 first makes every byte count.
function prehash(password) {
  return crypto.createHash("sha256").update(password, "utf8").digest("base64");
}

/** One task: `{ op: "hash", password, cost }` → hash; `{ op: "compare", password, hash }` → boolean. */
export default function run(task) {
  if (task.op === "hash") return bcrypt.hashSync(prehash(task.password), task.cost);
  if (task.op === "compare") return bcrypt.compareSync(prehash(task.password), task.hash);
  throw new Error(`unknown password task ${String(task.op)}`);
}

// Creates the sign-in mix's members (tests/bench/engines.mjs): `bench-member-<i>@bench.example` for i from 0
// to count - 1, clients, with the given password, in the database the environment names (DATA_DIR's SQLite
// file or DATABASE_URL), through the app's own account code, so their password hashes are what a real
// sign-in checks (at BCRYPT_COST). Run with tsx: `node --import tsx tests/bench/members.mjs <count> <password>`.
import { upsertAccount } from "../../app/features/auth/upsert-account.server.ts";
import { openAppDatabase, setDatabaseForTests, withStartupPatience } from "../../app/platform/db.server.ts";

const count = Number(process.argv[2]);
const password = process.argv[3];
await openAppDatabase();
await withStartupPatience(async () => {
  for (let i = 0; i < count; i++) {
    await upsertAccount({ email: `bench-member-${i}@bench.example`, password, role: "client", name: `Bench Member ${String.fromCharCode(65 + (i % 26))}` });
  }
});
// PostgreSQL's connections would keep the process alive.
await setDatabaseForTests(undefined);

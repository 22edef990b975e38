import { defineConfig } from "drizzle-kit";

// The PostgreSQL migrations (docs/decisions/033-two-engines.md), written by `npm run db:generate` beside
// the SQLite ones: a schema change is generated for both engines at once.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/platform/schema/postgres.ts",
  out: "./drizzle/postgres",
});

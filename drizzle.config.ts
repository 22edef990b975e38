import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration into drizzle/sqlite/ from the schema; start-up applies it.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/platform/schema/sqlite.ts",
  out: "./drizzle/sqlite",
});

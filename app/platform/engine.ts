/**
 * Which database the app runs on (docs/decisions/033-two-engines.md): the SQLite file by default, or
 * PostgreSQL when DATABASE_URL names one. Read once, when the first module needs it: the schema's
 * tables and the data layer are chosen by it for the life of the process.
 */
export type Engine = "sqlite" | "postgres";

export function engineOf(url: string | undefined): Engine {
  if (!url) return "sqlite";
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgres";
  throw new Error("DATABASE_URL must start with postgres:// or postgresql:// (or be unset for the SQLite file)");
}

export const ENGINE: Engine = engineOf(process.env.DATABASE_URL);

import { ENGINE } from "~/platform/engine";

/**
 * Whether this run is on PostgreSQL (`npm run test:unit:pg`). A test of one engine's own behaviour says
 * so, with the reason in its name: `describe.skipIf(onPostgres)("the SQLite file's pragmas", ...)`.
 */
export const onPostgres: boolean = ENGINE === "postgres";

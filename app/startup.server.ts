import { config } from "~/config.server";
import { db } from "~/db/db.server";
import { seedSettings } from "~/settings.server";
import { seedDemoContent } from "~/seed/demo.server";

/** Runs once before the server listens: schema up to date, settings present, demo content if wanted. */
export function startup() {
  const cfg = config();
  db();
  seedSettings();
  if (cfg.seedDemo) seedDemoContent();
}

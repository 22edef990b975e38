import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { professionalIntroductionAction } from "~/features/introductions/introduction-actions.server";
import { linkEntryAction } from "./own-profile.server";

/** The dashboard's forms: linking the directory entry (intent "link") and answering introductions. */
export async function dashboardAction(args: RequestArgs) {
  const intent = (await readFormData(args.request.clone())).get("intent");
  if (intent === "link") return linkEntryAction(args);
  if (intent === "accept" || intent === "decline") return professionalIntroductionAction(args);
  throw data({ error: "Bad request" }, { status: 400 });
}

import type { Route } from "./+types/newsletter.unsubscribe.one-click";
import { oneClickAction, oneClickLoader } from "~/features/newsletter/newsletter.server";

// RFC 8058: the mail program's one-click POST (List-Unsubscribe-Post); a GET is sent to the page with the button.
export const loader = ({ request }: Route.LoaderArgs) => oneClickLoader(request);
export const action = ({ request }: Route.ActionArgs) => oneClickAction(request);

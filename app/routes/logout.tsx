import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logoutAction } from "~/features/auth/logout.server";

// Signing out changes state, so only a POST does it: a link or prefetch to /logout never signs anyone out.
export const loader = () => redirect("/");
export const action = (args: Route.ActionArgs) => logoutAction(args);

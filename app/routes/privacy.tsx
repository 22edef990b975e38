import type { Route } from "./+types/privacy";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "privacy", description: "privacy page", path: "/privacy" });

export default function Page() {
  return <h1>privacy</h1>;
}

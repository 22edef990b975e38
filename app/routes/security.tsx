import type { Route } from "./+types/security";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "security", description: "security page", path: "/security" });

export default function Page() {
  return <h1>security</h1>;
}

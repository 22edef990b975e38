import type { Route } from "./+types/terms";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "terms", description: "terms page", path: "/terms" });

export default function Page() {
  return <h1>terms</h1>;
}

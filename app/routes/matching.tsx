import type { Route } from "./+types/matching";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "matching", description: "matching page", path: "/matching" });

export default function Page() {
  return <h1>matching</h1>;
}

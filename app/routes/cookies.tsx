import type { Route } from "./+types/cookies";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "cookies", description: "cookies page", path: "/cookies" });

export default function Page() {
  return <h1>cookies</h1>;
}

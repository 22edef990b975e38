import type { Route } from "./+types/careers";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "careers", description: "careers page", path: "/careers" });

export default function Page() {
  return <h1>careers</h1>;
}

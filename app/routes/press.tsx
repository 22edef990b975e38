import type { Route } from "./+types/press";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "press", description: "press page", path: "/press" });

export default function Page() {
  return <h1>press</h1>;
}

import type { Route } from "./+types/blog";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "blog", description: "blog page", path: "/blog" });

export default function Page() {
  return <h1>blog</h1>;
}

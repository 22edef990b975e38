import type { Route } from "./+types/blog.$slug";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "blog-slug", description: "blog-slug page", path: "/blog-slug" });

export default function Page() {
  return <h1>blog-slug</h1>;
}

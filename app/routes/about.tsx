import type { Route } from "./+types/about";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "about", description: "about page", path: "/about" });

export default function Page() {
  return <h1>about</h1>;
}

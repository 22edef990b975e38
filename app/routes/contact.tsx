import type { Route } from "./+types/contact";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "contact", description: "contact page", path: "/contact" });

export default function Page() {
  return <h1>contact</h1>;
}

import type { Route } from "./+types/home";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "home", description: "home page", path: "/home" });

export default function Page() {
  return <h1>home</h1>;
}

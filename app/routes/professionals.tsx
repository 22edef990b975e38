import type { Route } from "./+types/professionals";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "professionals", description: "professionals page", path: "/professionals" });

export default function Page() {
  return <h1>professionals</h1>;
}

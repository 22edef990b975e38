import type { Route } from "./+types/services";
import { seo } from "~/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "services", description: "services page", path: "/services" });

export default function Page() {
  return <h1>services</h1>;
}

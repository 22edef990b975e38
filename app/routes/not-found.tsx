import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  // The spec logs unknown routes as 404s: one line an operator can grep for.
  console.warn(`[404] ${request.method} ${new URL(request.url).pathname}`);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | WealthMatch" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-6 py-28 text-center">
      <p className="font-serif text-7xl font-semibold text-gold-500">404</p>
      <h1 className="mt-4 text-3xl font-semibold">Oops! Page not found</h1>
      <p className="mt-4 text-lg text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-10 inline-block rounded-md bg-ink-900 px-6 py-3 font-medium text-ivory-50 hover:bg-ink-800">
        Return to Home
      </Link>
    </section>
  );
}

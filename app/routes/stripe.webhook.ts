import type { Route } from "./+types/stripe.webhook";
import { handleWebhook } from "~/features/billing/webhook.server";

// Stripe's events (POST, JSON, signed): no page here, and a GET is a 404 like any unknown address.
export const loader = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request }: Route.ActionArgs) {
  const answer = await handleWebhook(request);
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": answer.status === 200 ? "application/json" : "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

import Stripe from "stripe";
import { config } from "~/platform/config.server";

/** Whether billing is on: STRIPE_SECRET_KEY is set. Off, every verified professional is matched. */
export function billingOn(): boolean {
  return config().stripe !== undefined;
}

let client: { key: string; base: string | undefined; stripe: Stripe } | undefined;

/**
 * The Stripe SDK for the configured key, or undefined when billing is off. STRIPE_API_BASE points it at
 * another address (tests run a local stand-in: no network here reaches Stripe).
 */
export function stripeClient(): Stripe | undefined {
  const settings = config().stripe;
  if (!settings) return undefined;
  const base = settings.apiBase?.href;
  if (client?.key !== settings.secretKey || client.base !== base) {
    const api = settings.apiBase;
    const protocol = api?.protocol === "http:" ? ("http" as const) : ("https" as const);
    client = {
      key: settings.secretKey,
      base,
      stripe: new Stripe(settings.secretKey, {
        maxNetworkRetries: 1,
        timeout: 20_000,
        ...(api ? { host: api.hostname, port: api.port ? Number(api.port) : protocol === "http" ? 80 : 443, protocol } : {}),
      }),
    };
  }
  return client.stripe;
}

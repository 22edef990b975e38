// A stand-in for the few Stripe API calls the app makes (no network here reaches Stripe): the SDK is
// pointed at it through STRIPE_API_BASE. It answers Stripe-shaped JSON, keeps every request for the
// test to read (GET /__requests), and serves the Checkout and portal pages the app redirects to as
// plain pages. Used by unit tests (in-process) and by tests/e2e/run.mjs (beside the billing server).
import http from "node:http";

/** "line_items[0][price]=p" and friends, as Stripe's form encoding writes nested values, into objects. */
export function parseStripeForm(text) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.split(/\[|\]\[|\]/).filter((k) => k !== "");
    let node = out;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = node[key] ??= {};
    });
  }
  return out;
}

/**
 * Starts the stand-in on 127.0.0.1 (`port` 0: any free one). Resolves to its base URL, the requests it
 * received ({ method, path, body }) and close().
 */
export async function startStripeStandIn({ port = 0 } = {}) {
  const requests = [];
  let next = 1;
  const id = (prefix) => `${prefix}_test${String(next++).padStart(6, "0")}`;
  const created = () => Math.floor(Date.now() / 1000);
  let base = "";

  const routes = {
    "/v1/customers": (body) => ({ id: id("cus"), object: "customer", email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: created() }),
    "/v1/products": (body) => ({ id: id("prod"), object: "product", name: body.name, active: true, created: created() }),
    "/v1/prices": (body) => ({
      id: id("price"),
      object: "price",
      active: true,
      currency: body.currency,
      unit_amount: Number(body.unit_amount),
      recurring: { interval: body.recurring?.interval ?? "month", interval_count: 1 },
      product: body.product ?? id("prod"),
      type: "recurring",
      created: created(),
    }),
    "/v1/checkout/sessions": (body) => {
      const sessionId = id("cs");
      return {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: "open",
        payment_status: "unpaid",
        subscription: null,
        url: `${base}/checkout/${sessionId}`,
        created: created(),
      };
    },
    "/v1/billing_portal/sessions": (body) => {
      const sessionId = id("bps");
      return { id: sessionId, object: "billing_portal.session", customer: body.customer, return_url: body.return_url ?? null, url: `${base}/portal/${sessionId}`, created: created() };
    },
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0];
      const text = Buffer.concat(chunks).toString("utf8");
      const send = (status, value, type = "application/json") => {
        res.writeHead(status, { "Content-Type": type, "Request-Id": `req_${next}` });
        res.end(type === "application/json" ? JSON.stringify(value) : value);
      };
      if (req.method === "GET" && path === "/__requests") return send(200, requests);
      if (req.method === "GET" && /^\/(checkout|portal)\/\w+$/.test(path)) {
        const what = path.startsWith("/checkout") ? "Checkout" : "Customer portal";
        return send(200, `<!doctype html><html lang="en"><head><title>Stripe stand-in: ${what}</title></head><body><h1>Stripe stand-in: ${what}</h1><p>${path}</p></body></html>`, "text/html; charset=utf-8");
      }
      const route = req.method === "POST" ? routes[path] : undefined;
      if (!route) return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
      if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? "")) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      const body = parseStripeForm(text);
      const answer = route(body);
      requests.push({ method: req.method, path, body, answer });
      send(200, answer);
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url: base,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `node tests/support/stripe-stand-in.mjs [port]`: run it alone, printing its address.
if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startStripeStandIn({ port: Number(process.argv[2] ?? 0) });
  console.log(standIn.url);
}

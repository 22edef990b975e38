// Slow clients and one address opening connection after connection (server/connection-limits.ts),
// through the production server's wiring (server/app.ts) around a stand-in for the app.
import net from "node:net";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type AppBuild } from "../../server/app";
import { connectionsPerAddress, DEFAULT_CONNECTIONS_PER_ADDRESS } from "../../server/connection-limits";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function serve(options: { trustProxy: string; connectionsPerAddress?: number }) {
  const { server, stop } = createServer({
    build: { entry: { module: { refusalPage: (status: number) => `<p>refused ${status}</p>`, HSTS, setServerHeaders } } } as unknown as AppBuild,
    clientDir: os.tmpdir(),
    // Answers once the whole body is in, as an action reads its form.
    handler: (req, res) => void req.resume().once("end", () => res.end("ok")),
    ...options,
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  stops.push(stop);
  return { server, port: (server.address() as AddressInfo).port };
}

/** A connection that has sent half a request (a slow client), and what it has been answered so far. */
async function slowClient(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  socket.write("POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=");
  return { socket, answer: () => answer, closed };
}

describe("connections one address may hold", () => {
  it("past the cap a connection is answered 503 with Retry-After and closed; a freed place is taken again", async () => {
    const { port } = await serve({ trustProxy: "10.9.9.9", connectionsPerAddress: 3 });
    const held = await Promise.all([slowClient(port), slowClient(port), slowClient(port)]);
    const refused = await slowClient(port);
    await refused.closed;
    expect(refused.answer()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\nRetry-After: 5\r\n/);
    expect(refused.answer()).toContain("Too many connections from your address.");
    expect(held.map((c) => c.answer())).toEqual(["", "", ""]);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const next = await slowClient(port);
    const answered = new Promise((resolve) => next.socket.once("data", resolve));
    next.socket.write("x".repeat(94));
    await answered;
    expect(next.answer()).toMatch(/^HTTP\/1\.1 200/);
    for (const c of [...held, next]) c.socket.destroy();
  });

  it("does not count a trusted proxy's connections: every visitor comes through it", async () => {
    const { port } = await serve({ trustProxy: "loopback", connectionsPerAddress: 2 });
    const clients = await Promise.all([slowClient(port), slowClient(port), slowClient(port), slowClient(port)]);
    const last = clients[3]!;
    const answered = new Promise((resolve) => last.socket.once("data", resolve));
    last.socket.write("x".repeat(94));
    await answered;
    expect(last.answer()).toMatch(/^HTTP\/1\.1 200/);
    for (const c of clients) c.socket.destroy();
  });

  it("takes MAX_CONNECTIONS_PER_ADDRESS as a whole number, 0 for none, and refuses anything else naming it", () => {
    expect(connectionsPerAddress(undefined)).toBe(DEFAULT_CONNECTIONS_PER_ADDRESS);
    expect(connectionsPerAddress("0")).toBe(0);
    expect(connectionsPerAddress("200")).toBe(200);
    expect(() => connectionsPerAddress("many")).toThrow(/^MAX_CONNECTIONS_PER_ADDRESS: must be a whole number/);
  });
});

describe("how long a slow client may hold a connection", () => {
  it("a body may trickle in for 2 minutes at most (Node's default is 5), headers for 20 s, and a silent connection closes after 60 s", async () => {
    const { server } = await serve({ trustProxy: "loopback" });
    expect({ request: server.requestTimeout, headers: server.headersTimeout, idle: server.timeout }).toEqual({ request: 120_000, headers: 20_000, idle: 60_000 });
  });
});

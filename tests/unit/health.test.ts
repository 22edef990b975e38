// GET /healthz and /readyz (server/health.ts, app/platform/readiness.server.ts), through the production
// server's wiring (server/app.ts) around a stand-in for the app, with the app's real database check.
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer, type AppBuild } from "../../server/app";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { config } from "~/platform/config.server";
import { MIGRATIONS_DIR, openAppDatabase, postgresPool, queryRows, setDatabaseForTests } from "~/platform/db.server";
import { openPostgres } from "~/platform/db-postgres.server";
import { databaseReadiness } from "~/platform/readiness.server";
import { onPostgres } from "./engine";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A page cache policy that would keep every page and let shared caches keep it too. */
const keepEverything = {
  cachedQueryParams: () => [],
  bypassCookies: ["__session"],
  contentVersion: () => 1,
  sharedCacheControl: () => "public, max-age=300",
};

type Serve = { databaseReadiness?: () => Promise<string | undefined>; handler?: http.RequestListener };

/** The server with a stand-in app that counts what reaches it (a session, a rate limit, a log would be there). */
async function serve(options: Serve = {}) {
  const reached: string[] = [];
  const { server, stop } = createServer({
    build: {
      entry: {
        module: {
          refusalPage: (status: number) => `<p>refused ${status}</p>`,
          HSTS,
          setServerHeaders,
          pageCachePolicy: keepEverything,
          databaseReadiness: "databaseReadiness" in options ? options.databaseReadiness : databaseReadiness,
        },
      },
    } as unknown as AppBuild,
    clientDir: os.tmpdir(),
    handler:
      options.handler ??
      ((req, res) => {
        reached.push(req.url ?? "");
        res.end("a page");
      }),
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  stops.push(stop);
  const port = (server.address() as AddressInfo).port;
  return { server, stop, port, reached };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function request(port: number, path: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /healthz", () => {
  it("answers 200 ok as plain text without asking the database or reaching the app", async () => {
    let asked = 0;
    const { port, reached } = await serve({
      databaseReadiness: async () => {
        asked++;
        return "database does not answer: down";
      },
    });
    const answer = await request(port, "/healthz");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("ok");
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(asked).toBe(0);
    expect(reached).toEqual([]);
  });

  it("answers HEAD with the same status and headers and no body", async () => {
    const { port } = await serve();
    const answer = await request(port, "/healthz", "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("");
    expect(answer.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /readyz", () => {
  it("answers 200 ready when the database answers and its migrations are current, with a query string too", async () => {
    const { port, reached } = await serve();
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });
    expect(await request(port, "/readyz?from=lb")).toMatchObject({ status: 200, body: "ready" });
    expect((await request(port, "/readyz", "HEAD")).status).toBe(200);
    expect(reached).toEqual([]);
  });

  it("answers 503 with the reason while the newest migration is not applied, and 200 once it is", async () => {
    const { port } = await serve();
    const table = onPostgres ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
    // Drizzle's migrator says how far the schema has come by the newest created_at it recorded.
    const [newest] = await queryRows<{ hash: string; created_at: unknown }>(sql`select hash, created_at from ${table} order by created_at desc limit 1`);
    await queryRows(sql`delete from ${table} where created_at = ${newest!.created_at}`);
    try {
      const answer = await request(port, "/readyz");
      expect(answer.status).toBe(503);
      expect(answer.body).toMatch(/^not ready: migrations are not current: the database has \d{4}_\w+, this build needs \d{4}_\w+$/);
      expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    } finally {
      await queryRows(sql`insert into ${table} (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`);
    }
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });
  });

  it("answers 503 draining from the moment the worker begins to stop, on a connection still open", async () => {
    // A slow page holds the connection busy; a readiness probe waits behind it on the same connection
    // (pipelined, as a proxy's kept-alive connection sends it) while the worker is told to stop.
    let finishPage: () => void = () => {};
    let started: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const { port, stop } = await serve({
      handler: (_req, res) => {
        finishPage = () => res.end("a slow page");
        started();
      },
    });
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\nGET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await inFlight;
    const stopped = stop();
    finishPage();
    await stopped;
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/\r\n\r\nnot ready: draining: the worker is stopping$/);
  });

  it("refuses other methods with 405 and Allow: GET, HEAD", async () => {
    const { port, reached } = await serve();
    const answer = await request(port, "/readyz", "POST");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
    expect(reached).toEqual([]);
  });
});

describe("both probes", () => {
  it("are never cached (no-store, no page cache), set no cookie and are not refused after many requests", async () => {
    const { port, reached } = await serve();
    // The stand-in page is cached and shared-cacheable under this policy: the probes must not be.
    const page = await request(port, "/");
    expect(page.headers["cache-control"]).toBe("public, max-age=300");
    for (let i = 0; i < 150; i++) {
      for (const path of ["/healthz", "/readyz"]) {
        const answer = await request(port, path);
        expect(answer.status).toBe(200);
        expect(answer.headers["cache-control"]).toBe("no-store");
        expect(answer.headers["set-cookie"]).toBeUndefined();
        expect(answer.headers["x-page-cache"]).toBeUndefined();
        expect(answer.headers.vary).toBeUndefined();
      }
    }
    expect(reached).toEqual(["/"]);
  });
});

// SQLite's file is opened once and kept open: a connection never loses it to another process's lock
// (in WAL mode no other connection can take one that stops reads), and a file removed or replaced
// under the process still answers from the old file, whose writes nobody will ever read again. That is
// SQLite's "the database went away": the readiness check compares the path with the file it opened.
describe.skipIf(onPostgres)("GET /readyz when the SQLite file goes away (SQLite)", () => {
  it("answers 503 at once when the file is removed, 200 again when it is back, 503 when another file stands in its place", async () => {
    const file = config().databasePath;
    const { port } = await serve();
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });

    fs.renameSync(file, `${file}.away`);
    try {
      const gone = await request(port, "/readyz");
      expect(gone.status).toBe(503);
      expect(gone.body).toBe(`not ready: database does not answer: the file ${file} is gone (ENOENT: no such file or directory)`);
      expect((await request(port, "/healthz")).status).toBe(200);
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });

    // A backup copied over the path while the app runs (a restore done the wrong way round).
    fs.copyFileSync(file, `${file}.copy`);
    fs.renameSync(file, `${file}.open`);
    fs.renameSync(`${file}.copy`, file);
    try {
      const replaced = await request(port, "/readyz");
      expect(replaced.status).toBe(503);
      expect(replaced.body).toBe(`not ready: database does not answer: the file ${file} was replaced after this process opened it`);
    } finally {
      fs.renameSync(`${file}.open`, file);
    }
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });
  });
});

/**
 * A TCP hop between the app and PostgreSQL that can cut the line (the server stopped, its machine
 * gone: connections dropped and new ones refused) or go silent (packets lost: connections accepted,
 * nothing answered), and come back on the same port.
 */
async function postgresLine(target: URL) {
  const sockets = new Set<net.Socket>();
  let silent = false;
  let listener: net.Server | undefined;
  let port = 0;
  const listen = async () => {
    listener = net.createServer((client) => {
      sockets.add(client);
      client.on("close", () => sockets.delete(client));
      client.on("error", () => {});
      if (silent) return;
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      upstream.on("close", () => sockets.delete(upstream));
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    listener.listen(port, "127.0.0.1");
    await new Promise((resolve) => listener!.once("listening", resolve));
    port = (listener.address() as AddressInfo).port;
  };
  const cut = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => listener?.close(resolve));
  };
  await listen();
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    cut,
    goSilent: async () => {
      await cut();
      silent = true;
      await listen();
    },
    restore: async () => {
      await cut();
      silent = false;
      await listen();
    },
    close: cut,
  };
}

describe.runIf(onPostgres)("GET /readyz when PostgreSQL goes away (PostgreSQL)", () => {
  let line: Awaited<ReturnType<typeof postgresLine>>;
  beforeAll(async () => {
    line = await postgresLine(new URL(config().databaseUrl!));
    await setDatabaseForTests(await openPostgres(line.url, MIGRATIONS_DIR));
  });
  afterAll(async () => {
    await setDatabaseForTests(undefined);
    await line.close();
    await openAppDatabase();
  });

  it("answers 503 at once when the server is cut off, and 200 when it comes back", async () => {
    const { port } = await serve();
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });
    await line.cut();
    const down = await request(port, "/readyz");
    expect(down.status).toBe(503);
    expect(down.body).toMatch(/^not ready: database does not answer: /);
    expect((await request(port, "/healthz")).status).toBe(200);
    await line.restore();
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });
  });

  it("answers 503 once a silent server has not answered within the check's time limit, and 200 when it answers again", async () => {
    const { port } = await serve();
    // The pool's idle connection is dropped with the line: the next check asks on a new one.
    const pool = postgresPool()!;
    const dropped = pool.idleCount > 0 ? once(pool, "remove") : undefined;
    await line.goSilent();
    await dropped;
    const silent = await request(port, "/readyz");
    expect(silent.status).toBe(503);
    expect(silent.body).toBe("not ready: database does not answer: no answer within 1000 ms");
    // Probes that keep coming while it stays silent join the check still waiting: the pages' pool does not fill with them.
    expect((await request(port, "/readyz")).status).toBe(503);
    expect(pool.totalCount).toBeLessThanOrEqual(1);
    await line.restore();
    // The check still waiting on the silent line fails as the line is cut (a probe joining it says so); the next one asks afresh.
    await databaseReadiness();
    expect(await request(port, "/readyz")).toMatchObject({ status: 200, body: "ready" });
  });
});

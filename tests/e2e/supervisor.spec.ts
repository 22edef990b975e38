// The process survives its requests, and the site survives its processes (docs/decisions/029-supervisor.md):
// uploads cut off mid-way end no worker and write nothing; `npm start` is a supervisor whose dead
// workers are replaced at once; two workers share sessions, limits and content through the database;
// SIGTERM lets a request in flight finish. Plain HTTP on servers of their own: checked once, in the js project.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createUser, startOwnServer, uniqueEmail, type OwnServer } from "./support";

const PASSWORD = "Passw0rd!Supervise";
const MB = 1024 * 1024;

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server processes: checked once, in the js project");
// Each test starts a server of its own, makes accounts with the real CLI and sends tens of megabytes,
// beside the other specs on two busy cores: the 30 s default is too tight.
test.describe.configure({ timeout: 120_000 });

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on a connection of its own: the supervisor hands fresh connections to its workers in turn. */
function fresh(base: string, pathname: string, init: { method?: string; cookie?: string; form?: Record<string, string> } = {}): Promise<Answer> {
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      agent: false,
      headers: {
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: base }),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const cookieOf = (answer: Answer) => (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");

async function signInAdmin(server: OwnServer): Promise<string> {
  const admin = await createUser({ email: uniqueEmail("e2e-supervisor"), password: PASSWORD, role: "admin" }, server);
  const answer = await fresh(server.baseURL, "/admin/login", { form: { email: admin.email, password: PASSWORD } });
  expect(answer.status).toBe(302);
  return cookieOf(answer);
}

async function until(what: string, condition: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const listeningWorkers = (server: OwnServer) => (server.output().match(/listening on .*\(worker \d+\)/g) ?? []).length;

function count(server: OwnServer, table: "blog_posts" | "professionals"): number {
  const sqlite = new Database(server.dbPath, { readonly: true });
  try {
    return (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * An admin's multipart post with a form that would be saved, then an image of `size` bytes: with
 * Content-Length, cut off by destroying the socket after `cutAfter` bytes of the file; chunked, sent
 * whole (past the 25 MB cap), reading what the server answers. Resolves with the status line, if any.
 */
function upload(server: OwnServer, pathname: string, cookie: string, fields: Record<string, string>, fileField: string, opts: { size: number; cutAfter?: number }): Promise<string> {
  const boundary = "----wm-supervisor-test";
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(`${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`);
  const chunked = opts.cutAfter === undefined;
  const { port } = new URL(server.baseURL);
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(Number(port), "127.0.0.1");
    socket.on("error", () => {});
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
    const send = (bytes: Buffer) => {
      if (!chunked) return socket.write(bytes);
      socket.write(`${bytes.length.toString(16)}\r\n`);
      socket.write(bytes);
      return socket.write("\r\n");
    };
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.baseURL}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${head.length + opts.size + boundary.length + 8}\r\n\r\n`),
    );
    send(head);
    const piece = Buffer.alloc(256 * 1024, 7);
    let sent = 0;
    const more = () => {
      if (socket.destroyed) return;
      if (opts.cutAfter !== undefined && sent >= opts.cutAfter) return socket.destroy();
      if (sent >= opts.size || answer) {
        // Chunked and past the cap: the answer (or the server closing) ends it.
        setTimeout(() => socket.destroy(), 3000).unref();
        return;
      }
      sent += piece.length;
      if (send(piece)) setImmediate(more);
      else socket.once("drain", more);
    };
    more();
  });
}

test.describe("an upload cut off mid-way", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    // One worker: had it died, the supervisor would hide it behind a new one; its pid must not change.
    server = await startOwnServer({ WEB_CONCURRENCY: "1" });
  });
  test.afterAll(async () => server?.stop());

  test("ends no process and writes nothing, on the blog editor and the professional form", async () => {
    const cookie = await signInAdmin(server);
    const workers = server.workerPids();
    const posts = count(server, "blog_posts");
    const professionals = count(server, "professionals");
    const pages: { path: string; field: string; fields: Record<string, string> }[] = [
      {
        path: "/admin/blog/new",
        field: "featuredImage",
        fields: { title: "Cut Off Upload", content: "A post whose form would be saved had its body arrived whole. ".repeat(2), category: "general", published: "on" },
      },
      { path: "/admin/professionals/new", field: "profileImage", fields: { name: "Cut Off Upload", email: uniqueEmail("e2e-cut-off") } },
    ];
    for (const page of pages) {
      for (const intent of ["upload", "save"]) {
        const fields = { intent, ...page.fields };
        // 8 MB announced, the connection dropped after 3 MB of it (curl -m 2 --limit-rate 1M).
        await upload(server, page.path, cookie, fields, page.field, { size: 8 * MB, cutAfter: 3 * MB });
        // Let the server see the connection go before asking it anything else.
        await new Promise((r) => setTimeout(r, 300));
        expect((await fresh(server.baseURL, "/robots.txt")).status, `${page.path} ${intent}: still answering after a cut-off upload`).toBe(200);
        // 27 MB chunked: refused past the 25 MB cap while the form is being read.
        expect(await upload(server, page.path, cookie, fields, page.field, { size: 27 * MB })).toBe("HTTP/1.1 413 Payload Too Large");
        expect((await fresh(server.baseURL, "/robots.txt")).status, `${page.path} ${intent}: still answering after a chunked upload past the cap`).toBe(200);
      }
    }
    // Still signed in, on the same process, which never died.
    expect((await fresh(server.baseURL, "/admin", { cookie })).status).toBe(200);
    expect(server.workerPids()).toEqual(workers);
    expect(server.output()).not.toMatch(/Unhandled|exited with|was killed/);
    expect(count(server, "blog_posts")).toBe(posts);
    expect(count(server, "professionals")).toBe(professionals);
    expect(filesUnder(path.join(server.dataDir, "uploads"))).toEqual([]);
  });
});

test.describe("two workers", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ WEB_CONCURRENCY: "2", SEED_DEMO: "1" });
    await until("both workers to listen", () => listeningWorkers(server) === 2);
  });
  test.afterAll(async () => server?.stop());

  test("a worker killed with SIGKILL: the other keeps answering, the supervisor logs it and starts another", async () => {
    const [victim, survivor] = server.workerPids();
    expect(survivor, "two worker processes").toBeDefined();
    process.kill(victim!, "SIGKILL");
    await until("the supervisor to notice", () => server.output().includes(`worker ${victim} was killed by SIGKILL; restarting it`));
    for (let i = 0; i < 6; i++) expect((await fresh(server.baseURL, "/")).status).toBe(200);
    await until("a new worker", () => listeningWorkers(server) === 3);
    const now = server.workerPids();
    expect(now).toHaveLength(2);
    expect(now).toContain(survivor);
    expect(now).not.toContain(victim);
  });

  test("a sign-out, a rate limit and an admin's edit on one worker hold on the other", async () => {
    expect(server.workerPids()).toHaveLength(2);
    // Fresh connections go to the workers in turn: four requests reach both, twice.
    const onBoth = async (pathname: string, cookie?: string) => Promise.all([0, 1, 2, 3].map(() => fresh(server.baseURL, pathname, { cookie })));

    const cookie = await signInAdmin(server);
    expect((await onBoth("/admin", cookie)).map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await fresh(server.baseURL, "/logout", { cookie, form: {} })).status).toBe(302);
    expect((await onBoth("/admin", cookie)).map((a) => [a.status, a.headers.location])).toEqual(
      Array(4).fill([302, expect.stringMatching(/^\/admin\/login/)]),
    );

    // Five wrong passwords, spread over both workers, lock the account on both.
    const locked = await createUser({ email: uniqueEmail("e2e-supervisor-limit"), password: PASSWORD, role: "admin" }, server);
    for (let i = 0; i < 5; i++) {
      expect((await fresh(server.baseURL, "/admin/login", { form: { email: locked.email, password: "Wrong-Passw0rd!" } })).status).toBe(400);
    }
    for (let i = 0; i < 2; i++) {
      expect((await fresh(server.baseURL, "/admin/login", { form: { email: locked.email, password: PASSWORD } })).status).toBe(429);
    }

    // Both workers keep /blog in their page cache; a post published on one shows on both.
    const admin = await signInAdmin(server);
    const title = `Shared Across Workers ${Date.now()}`;
    for (const answer of await onBoth("/blog")) expect(answer.body).not.toContain(title);
    expect((await onBoth("/blog")).map((a) => a.headers["x-page-cache"])).toContain("hit");
    const saved = await fresh(server.baseURL, "/admin/blog/new", {
      cookie: admin,
      form: { title, content: "Published by an admin on one worker, read by visitors on every worker.", category: "general", published: "on" },
    });
    expect(saved.status).toBe(302);
    for (const answer of await onBoth("/blog")) expect(answer.body).toContain(title);
  });
});

test("SIGTERM with a request in flight: it is answered, then the server exits 0", async () => {
  const server = await startOwnServer({ WEB_CONCURRENCY: "2" });
  try {
    await until("both workers to listen", () => listeningWorkers(server) === 2);
    const admin = await createUser({ email: uniqueEmail("e2e-supervisor-slow"), password: PASSWORD, role: "admin" }, server);
    const body = new URLSearchParams({ email: admin.email, password: PASSWORD }).toString();
    // A sign-in whose body arrives slowly, on a connection the client would keep open.
    const agent = new http.Agent({ keepAlive: true });
    const answered = new Promise<{ status: number; cookie: string; at: number }>((resolve, reject) => {
      const req = http.request(`${server.baseURL}/admin/login`, {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: server.baseURL },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cookie: (res.headers["set-cookie"] ?? []).join(";"), at: Date.now() }));
      });
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    await new Promise((r) => setTimeout(r, 300));
    const exited = server.stop().then((code) => ({ code, at: Date.now() }));
    const answer = await answered;
    expect(answer.status).toBe(302);
    expect(answer.cookie).toMatch(/wm_session=/);
    const exit = await exited;
    expect(exit.code).toBe(0);
    // The idle keep-alive connection does not hold the process open.
    expect(exit.at - answer.at).toBeLessThan(3000);
    agent.destroy();
  } finally {
    await server.stop();
  }
});

import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { createReadableStreamFromReadable } from "@react-router/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BODY_LIMIT_BYTES,
  UPLOAD_LIMIT_BYTES,
  UPLOAD_PAGES,
  bodyLimitFor,
  requestGuards,
} from "../../server/request-guards";

// The guards of server/app.ts in front of a handler that reads the body the way React Router's Express
// adapter does (a web Request over the Node stream, then formData()). `reached` lists what got through;
// `read` lists the bodies a handler went on to act on.
let reached: string[] = [];
let read: string[] = [];
let base = "";
let server: http.Server;

beforeAll(async () => {
  const app = express();
  const guards = requestGuards((req: express.Request, res: express.Response, status: number) => {
    res.status(status).type("text/plain").end(`refused ${status}`);
  });
  app.use(guards.checks);
  app.use(guards.countBody);
  app.all(/.*/, async (req, res) => {
    reached.push(`${req.method} ${req.path}`);
    if (req.method !== "POST") return void res.end("page");
    const request = new Request(`http://x${req.originalUrl}`, {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "" },
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    try {
      const form = await request.formData();
      read.push(`${req.method} ${req.path}`);
      if (!res.headersSent) res.end(`fields ${[...form.keys()].join(",")} ${String(form.get("big") ?? "").length}`);
    } catch {
      if (!res.headersSent) res.status(400).end("unreadable");
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  reached = [];
  read = [];
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A raw request (fetch refuses TRACE and cannot send a body the server stops reading). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer | (() => AsyncGenerator<Buffer>),
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    // A connection of its own: a client that declares a body it never sends must not poison the next test.
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    // The server may answer and close before it has read everything we send: that is the point.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    if (typeof body === "function") {
      void (async () => {
        for await (const chunk of body()) {
          if (req.destroyed || !req.write(chunk)) await new Promise((r) => setTimeout(r, 1));
          if (req.destroyed) return;
        }
        req.end();
      })();
    } else {
      req.end(body);
    }
  });
}

describe("methods", () => {
  it.each(["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS"])("%s is 405 with Allow, and reaches nothing", async (method) => {
    const res = await raw(method, "/login", {});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
    expect(reached).toEqual([]);
  });

  it("GET, HEAD and POST pass", async () => {
    expect((await raw("GET", "/", {})).status).toBe(200);
    expect((await raw("HEAD", "/", {})).status).toBe(200);
    expect((await raw("POST", "/login", { "content-type": "application/x-www-form-urlencoded" }, form({ a: "1" }))).text).toBe("fields a 0");
  });
});

describe("body types", () => {
  it.each([
    ["application/json", '{"email":"a@b.c"}'],
    ["text/plain", "email=a@b.c"],
    ["application/xml", "<a/>"],
  ])("a POST of %s is 415 and reaches nothing", async (type, body) => {
    const res = await raw("POST", "/login", { "content-type": type }, body);
    expect(res.status).toBe(415);
    expect(reached).toEqual([]);
  });

  it("a POST without a Content-Type is 415, on pages, .data requests and resource routes alike", async () => {
    for (const path of ["/login", "/login.data", "/logout"]) {
      expect((await raw("POST", path, {}, "x")).status).toBe(415);
    }
    expect(reached).toEqual([]);
  });

  it("React Router's own .data posts (urlencoded or multipart) pass", async () => {
    const urlencoded = await raw("POST", "/login.data", { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" }, form({ email: "a" }));
    expect(urlencoded.text).toBe("fields email 0");
    const multipart = new FormData();
    multipart.set("email", "a@b.c");
    const res = await fetch(`${base}/register.data`, { method: "POST", body: multipart });
    expect(await res.text()).toBe("fields email 0");
  });

  it("a multipart body without its boundary is 400", async () => {
    const res = await raw("POST", "/login", { "content-type": "multipart/form-data" }, "garbage");
    expect(res.status).toBe(400);
    expect(reached).toEqual([]);
  });

  it("an address that cannot be percent-decoded is 400", async () => {
    for (const path of ["/%E0%A4%A", "/blog/%ZZ"]) expect((await raw("GET", path, {})).status).toBe(400);
    expect(reached).toEqual([]);
    // A well-formed escape is fine.
    expect((await raw("GET", "/blog/%C3%A9t%C3%A9", {})).status).toBe(200);
  });
});

describe("the Host", () => {
  /** The head of the answer to a GET whose Host line is written as given (http.request would fix it up). */
  function getWithHost(hostLine: string | null): Promise<string> {
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, "127.0.0.1");
    const version = hostLine === null ? "HTTP/1.0" : "HTTP/1.1";
    socket.end(`GET /about ${version}\r\n${hostLine === null ? "" : `${hostLine}\r\n`}Connection: close\r\n\r\n`);
    return new Promise((resolve) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.once("close", () => resolve(text.split("\r\n")[0] ?? ""));
    });
  }

  // React Router's Express adapter builds the request's URL from it and threw on these: a 500.
  it.each(["Host: a b c", "Host: ", "Host: a<b", "Host: x%zz", null])("%s is 400 and reaches nothing", async (hostLine) => {
    expect(await getWithHost(hostLine)).toMatch(/^HTTP\/1\.1 400 /);
    expect(reached).toEqual([]);
  });

  it.each(["Host: localhost:3000", "Host: 127.0.0.1", "Host: [::1]:3000", "Host: my_host", "Host: wealthmatch.example"])("%s passes", async (hostLine) => {
    expect(await getWithHost(hostLine)).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe("body size", () => {
  const big = (bytes: number) => form({ big: "a".repeat(bytes) });

  it("a body declared larger than 1 MB is refused with 413 before it is read", async () => {
    const res = await raw("POST", "/login", { "content-type": "application/x-www-form-urlencoded", "content-length": String(BODY_LIMIT_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(reached).toEqual([]);
  });

  it("a body just under 1 MB is read", async () => {
    const res = await raw("POST", "/login", { "content-type": "application/x-www-form-urlencoded" }, big(BODY_LIMIT_BYTES - 10));
    expect(res.status).toBe(200);
    expect(res.text).toBe(`fields big ${BODY_LIMIT_BYTES - 10}`);
  });

  // Streams megabytes through a socket: seconds when the machine is busy.
  it("a streamed (chunked) body is cut off with 413 once it grows past 1 MB, and reaches no action", { timeout: 30_000 }, async () => {
    let sent = 0;
    async function* endless() {
      const chunk = Buffer.from("a".repeat(64 * 1024));
      yield Buffer.from("big=");
      // Far more than the cap: the server must stop it, not read 50 MB.
      for (let i = 0; i < 800; i++) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const res = await raw("POST", "/login", { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, endless);
    expect(res.status).toBe(413);
    expect(res.text).toBe("refused 413");
    expect(sent).toBeLessThan(50 * 1024 * 1024);
    expect(read).toEqual([]);
  });

  it("a complete streamed body just past 1 MB is 413, and its form reaches no action", async () => {
    async function* slightlyTooBig() {
      yield Buffer.from("big=");
      yield Buffer.from("a".repeat(BODY_LIMIT_BYTES));
    }
    const res = await raw("POST", "/login", { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, slightlyTooBig);
    expect(res.status).toBe(413);
    // Give a handler that was wrongly handed the end of the body time to act on it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toEqual([]);
  });

  // A client that reads its answer only once it has sent everything, like a browser busy uploading.
  it("a client still sending a body declared too large gets the 413 page, not a reset connection", { timeout: 30_000 }, async () => {
    const size = 4 * BODY_LIMIT_BYTES;
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, "127.0.0.1");
    socket.pause();
    const head = `POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`;
    const sent = await new Promise<boolean>((resolve) => {
      socket.once("error", () => resolve(false));
      socket.write(Buffer.concat([Buffer.from(head), Buffer.alloc(size, "a")]), (error) => resolve(!error));
    });
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("refused 413")) resolve(text);
      });
      socket.once("error", () => resolve(text));
      socket.once("end", () => resolve(text));
      socket.resume();
    });
    socket.destroy();
    expect(sent).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(reached).toEqual([]);
  });

  it("upload pages take up to 25 MB, and no more", async () => {
    expect(UPLOAD_PAGES).toContain("/admin/blog/:id/edit");
    const two = await raw("POST", "/admin/blog/new", { "content-type": "application/x-www-form-urlencoded" }, big(2 * 1024 * 1024));
    expect(two.text).toBe(`fields big ${2 * 1024 * 1024}`);
    const declared = await raw("POST", "/admin/professionals/7/edit.data", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(UPLOAD_LIMIT_BYTES + 1),
    });
    expect(declared.status).toBe(413);
  });

  it("knows which paths are upload pages", () => {
    expect(bodyLimitFor("/admin/blog/new")).toBe(UPLOAD_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/blog/new.data")).toBe(UPLOAD_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/blog/abc/edit")).toBe(UPLOAD_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/professionals/12/edit/")).toBe(UPLOAD_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/professionals/new")).toBe(UPLOAD_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/blog/a/b/edit")).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/blog")).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/login")).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/register.data")).toBe(BODY_LIMIT_BYTES);
  });
});

describe("a client gone before the handler", () => {
  it("is not handed on: its body was torn down, and a handler reading it would wait forever for the end", async () => {
    const app = express();
    const guards = requestGuards((_req: express.Request, res: express.Response, status: number) => void res.status(status).end());
    let waiting = 0;
    let passed: () => void = () => {};
    const reachedGate = new Promise<void>((resolve) => (passed = resolve));
    app.use(guards.checks);
    // As server/app.ts's write-lock gate: the post waits, and its client leaves meanwhile.
    app.use((req, _res, next) => {
      passed();
      req.once("close", () => setImmediate(next));
    });
    app.use(guards.countBody);
    app.all(/.*/, async (req, res) => {
      waiting += 1;
      const request = new Request("http://x/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: createReadableStreamFromReadable(req),
        duplex: "half",
      } as RequestInit);
      await request.formData().catch(() => null);
      waiting -= 1;
      res.end();
    });
    const own = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => own.once("listening", resolve));
    const { port } = own.address() as AddressInfo;
    const body = form({ name: "Ada" });
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.write(`POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    await reachedGate;
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(waiting).toBe(0);
    own.closeAllConnections();
    await new Promise((resolve) => own.close(resolve));
  });
});

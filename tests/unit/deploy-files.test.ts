// docs/deploy/: the systemd unit (systemd cannot run here: its keys are read) and the nginx site file,
// run as it is by Debian's nginx, unprivileged with a temporary prefix (as tests/e2e/support/caching-proxy.ts
// runs it), in front of two servers with the production wiring (server/app.ts) and a stand-in for the
// app that says which server answered and what it was told. Only the substitutions the site file's
// comments name are made.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Request, Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type AppBuild } from "../../server/app";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { freePort } from "../support/postgres.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DEPLOY = path.join(ROOT, "docs/deploy");
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** A unit file's sections and their keys (a key given more than once keeps every value). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.set(section[1] ?? "", current);
      continue;
    }
    const eq = line.indexOf("=");
    if (!current || eq <= 0) throw new Error(`not a unit file line: ${line}`);
    const key = line.slice(0, eq);
    current.set(key, [...(current.get(key) ?? []), line.slice(eq + 1)]);
  }
  return sections;
}

describe("docs/deploy/wealthmatch.service", () => {
  const unit = parseUnit(fs.readFileSync(path.join(DEPLOY, "wealthmatch.service"), "utf8"));
  const service = unit.get("Service") ?? new Map<string, string[]>();
  const one = (key: string) => service.get(key)?.[0];

  it("runs what npm start runs, from the app's folder, with the environment file and TRUST_PROXY", () => {
    expect([...unit.keys()]).toEqual(["Unit", "Service", "Install"]);
    const start = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe("node --import tsx server.ts");
    expect(one("ExecStart")).toBe(`/usr/bin/${start}`);
    expect(one("WorkingDirectory")).toMatch(/^\//);
    expect(one("EnvironmentFile")).toMatch(/^\/etc\/wealthmatch\/.+\.env$/);
    const environment = service.get("Environment") ?? [];
    expect(environment).toContain("NODE_ENV=production");
    expect(environment.some((value) => /^TRUST_PROXY=\S+$/.test(value))).toBe(true);
    expect(unit.get("Install")?.get("WantedBy")).toEqual(["multi-user.target"]);
  });

  it("restarts always, stops with SIGTERM (the workers drain) and reloads with SIGHUP (the supervisor replaces its workers)", () => {
    expect(one("Restart")).toBe("always");
    expect(one("KillSignal")).toBe("SIGTERM");
    expect(one("ExecReload")).toBe("/bin/kill -HUP $MAINPID");
    // Longer than the supervisor's own 30 s wait for its workers (server/supervisor.ts).
    expect(Number(one("TimeoutStopSec"))).toBeGreaterThan(30);
  });

  it("runs as its own user with the system read-only but its data folder", () => {
    expect(one("User")).toBe("wealthmatch");
    expect(one("NoNewPrivileges")).toBe("true");
    expect(one("ProtectSystem")).toBe("strict");
    expect(one("ReadWritePaths")).toContain("/srv/wealthmatch/data");
    expect(one("PrivateTmp")).toBe("true");
    // V8 compiles code at run time: this option would stop node.
    expect(service.has("MemoryDenyWriteExecute")).toBe(false);
  });
});

type Echo = { server: number; ip: string; protocol: string; host: string; forwardedHost: string | null; note?: string };

/** Two servers with the production wiring; the stand-in for the app answers what it was told, and echoes a posted form. */
async function appServers() {
  const servers = await Promise.all(
    [1, 2].map(async (n) => {
      const { server, stop } = createServer({
        build: { entry: { module: { refusalPage: (status: number) => `<p>${status}</p>`, HSTS, setServerHeaders, databaseReadiness: async () => undefined } } } as unknown as AppBuild,
        clientDir: os.tmpdir(),
        // TRUST_PROXY as the unit sets it: nginx's address (here it connects from 127.0.0.1).
        trustProxy: "127.0.0.1",
        handler: (req: Request, res: Response) => {
          void (async () => {
            let body = "";
            for await (const chunk of req) body += String(chunk);
            const echo: Echo = { server: n, ip: req.ip ?? "", protocol: req.protocol, host: req.hostname, forwardedHost: (req.headers["x-forwarded-host"] as string | undefined) ?? null };
            if (req.method === "POST") echo.note = new URLSearchParams(body).get("note") ?? "";
            res.json(echo);
          })();
        },
      });
      server.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      return { port: (server.address() as AddressInfo).port, stop };
    }),
  );
  return servers;
}

describe.skipIf(!fs.existsSync(NGINX))(`docs/deploy/nginx-wealthmatch.conf in Debian's nginx${fs.existsSync(NGINX) ? "" : ` (skipped: no ${NGINX})`}`, { timeout: 60_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-deploy-nginx-"));
  let nginx: ChildProcess | undefined;
  let servers: Awaited<ReturnType<typeof appServers>> = [];
  let httpPort = 0;
  let httpsPort = 0;
  let log = "";

  beforeAll(async () => {
    servers = await appServers();
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=wealthmatch.example", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });

    // The substitutions the site file's comments name, each of which must match exactly once.
    let site = fs.readFileSync(path.join(DEPLOY, "nginx-wealthmatch.conf"), "utf8");
    const substitutions: [RegExp, string][] = [
      [/server 10\.0\.0\.11:3000/g, `server 127.0.0.1:${servers[0]?.port}`],
      [/server 10\.0\.0\.12:3000/g, `server 127.0.0.1:${servers[1]?.port}`],
      [/listen 80;/g, `listen 127.0.0.1:${httpPort};`],
      [/listen 443 /g, `listen 127.0.0.1:${httpsPort} `],
      [/\/etc\/letsencrypt\/live\/wealthmatch\.example\/fullchain\.pem/g, path.join(dir, "cert.pem")],
      [/\/etc\/letsencrypt\/live\/wealthmatch\.example\/privkey\.pem/g, path.join(dir, "key.pem")],
    ];
    for (const [pattern, replacement] of substitutions) {
      expect(site.match(pattern), String(pattern)).toHaveLength(1);
      site = site.replace(pattern, replacement);
    }
    fs.writeFileSync(path.join(dir, "site.conf"), site);
    // What Debian's /etc/nginx/nginx.conf gives a site file, with every path in the temporary prefix.
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy-temp;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
    );
    nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stdout?.on("data", (c: Buffer) => (log += c.toString()));
    nginx.stderr?.on("data", (c: Buffer) => (log += c.toString()));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${log}`);
      const up = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: "manual" }).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    for (const server of servers) await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A request over https from 127.0.0.2 (a visitor's address that is not nginx's), each on a new connection. */
  function visit(pathname: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: "127.0.0.1",
          port: httpsPort,
          path: pathname,
          method: init.method ?? "GET",
          localAddress: "127.0.0.2",
          rejectUnauthorized: false,
          servername: "wealthmatch.example",
          agent: false,
          headers: { Host: "wealthmatch.example", ...init.headers },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end(init.body);
    });
  }

  it("sends plain http to https", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: "127.0.0.1", port: httpPort, path: "/blog?page=2", headers: { Host: "wealthmatch.example" } }, resolve).on("error", reject),
    );
    answer.resume();
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe("https://wealthmatch.example/blog?page=2");
  });

  it("spreads requests over both app servers, which see the visitor's address, https and the site's host", async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) {
      // What a visitor claims in these headers is not believed: nginx appends the address it sees, and clears the host.
      const answer = await visit("/", { headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "evil.example" } });
      expect(answer.status).toBe(200);
      const echo = JSON.parse(answer.body) as Echo;
      expect(echo).toMatchObject({ ip: "127.0.0.2", protocol: "https", host: "wealthmatch.example", forwardedHost: null });
      seen.add(echo.server);
    }
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it("a posted form round-trips through nginx", async () => {
    const answer = await visit("/contact", {
      method: "POST",
      body: new URLSearchParams({ note: "Hello through nginx — ü", other: "x" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://wealthmatch.example" },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ note: "Hello through nginx — ü", protocol: "https", ip: "127.0.0.2" });
  });

  it("answers GET /readyz from an app server", async () => {
    expect(await visit("/readyz")).toEqual({ status: 200, body: "ready" });
  });
});

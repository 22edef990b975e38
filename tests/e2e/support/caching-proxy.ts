import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// A real shared cache in front of a server: Debian's nginx with proxy_cache, as an operator would put
// it (docs/operations.md: "Shared caches and purging"). Its configuration is the plain one: it caches what the app's
// Cache-Control allows, honours Vary, and adds no rule of its own for the site's cookies, so what a
// test sees is the app's headers at work. X-Cache-Status says MISS, HIT, EXPIRED, STALE or BYPASS.

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export type CachingProxy = { url: string; port: number; stop: () => Promise<void>; log: () => string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The nginx configuration: one server on `port` caching `upstream` (an http://host:port origin). */
export function nginxConfig(dir: string, port: number, upstream: string): string {
  return `daemon off;
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
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:4m max_size=64m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_cache pages;
      proxy_cache_background_update on;
      proxy_cache_use_stale updating error timeout;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

/** Starts nginx in front of `upstream` (on `port`, or a free one); resolves once it answers. */
export async function startCachingProxy(upstream: string, port?: number): Promise<CachingProxy> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX}: install Debian's nginx (.ci/run does) or set NGINX_PATH`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-nginx-"));
  port ??= await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConfig(dir, port, upstream));
  const listening = port;
  let output = "";
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${listening}`;
  const log = () => output + (fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "");
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${log()}`);
    try {
      await fetch(`${url}/robots.txt`);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGQUIT");
      setTimeout(() => child.kill("SIGKILL"), 3000).unref();
    });
  return { url, port: listening, stop, log };
}

// For tests/bench/render-instructions.mjs: renders one page of a production build through React Router's
// request handler, in this process, WARMUP + RENDERS times, and exits. `node render-in-process.mjs BUILD PAGE`
// (PAGE: home or shortlist; the shortlist needs COOKIE and the seeded DATA_DIR).
import path from "node:path";
import { createRequestHandler } from "react-router";

const [buildDir, page] = process.argv.slice(2);
const build = await import(path.join(buildDir, "server/index.js"));
await build.entry.module.startup?.();
const handle = createRequestHandler(build, "production");
const url = page === "home" ? "http://127.0.0.1/" : "http://127.0.0.1/client-welcome";
const headers = page === "home" ? {} : { cookie: process.env.COOKIE ?? "" };
const total = Number(process.env.WARMUP ?? 200) + Number(process.env.RENDERS ?? 0);
for (let i = 0; i < total; i++) {
  const response = await handle(new Request(url, { headers }));
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  await response.text();
}
process.exit(0);

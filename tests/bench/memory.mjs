// `npm run bench:memory`: the server's resident memory after each of ten load runs of 60 s over the
// public pages (anonymous, so mostly the page cache) and a member page (rendered every time). Figures
// only. BENCH_MEMORY_RUNS (10) and BENCH_SECONDS (60) change the runs.
import fs from "node:fs";
import { buildApp, load, rssMb, startApp, tempDir } from "./servers.mjs";

const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PATHS = ["/", "/about", "/blog", "/blog?page=2", "/professionals", "/privacy", "/contact", "/login", "/register"];

const tmp = tempDir();
let app;
try {
  console.log("building…");
  app = await startApp(tmp, buildApp(tmp), "memory");
  const blog = await (await fetch(app.url + "/blog")).text();
  const posts = [...blog.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((m) => m[1]);
  const paths = [...PATHS, ...new Set(posts)];
  console.log(`RSS after start: ${rssMb(app.pid).toFixed(0)} MB; ${paths.length} pages, ${SECONDS} s per run`);
  const rows = [];
  for (let run = 1; run <= RUNS; run++) {
    const per = SECONDS / paths.length;
    let requests = 0;
    for (const p of paths) {
      const r = await load(app.url + p, { seconds: per, connections: 20 });
      requests += r.rps * per;
    }
    rows.push({ run, "requests": Math.round(requests), "RSS MB": Number(rssMb(app.pid).toFixed(0)) });
    console.log(`run ${run}: RSS ${rssMb(app.pid).toFixed(0)} MB`);
  }
  console.table(rows);
  const first = rows[0]["RSS MB"];
  const last = rows.at(-1)["RSS MB"];
  console.log(`RSS after run 1: ${first} MB, after run ${RUNS}: ${last} MB (goal: under 200 MB, no growth)`);
} finally {
  app?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

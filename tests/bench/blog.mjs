// `npm run bench:blog`: how the blog's pages scale. Builds the production app into a temp folder, then for
// 100 and for 10,000 posts serves a fresh database and times list page 1, the last list page, a category
// page and a post page. Figures only: it never fails on a timing. (The aim: the 10,000-post figures
// stay within 1.2x of the 100-post ones, i.e. no page reads every post.)
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SIZES = [100, 10_000];
const PER_PAGE = 9;
const CATEGORIES = ["general", "legal", "wealth-management", "financial-planning", "investment", "tax-planning", "estate-planning", "insurance"];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-bench-blog-"));
const buildDir = path.join(tmp, "build");
fs.symlinkSync(path.resolve("node_modules"), path.join(tmp, "node_modules"), "dir");
console.log("building…");
execFileSync("npx", ["react-router", "build"], { env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" }, stdio: "ignore" });

const PARAGRAPH =
  "<p>Wealth that lasts is managed as a system: <strong>tax</strong>, <em>estate</em> and investment decisions are made together, " +
  'reviewed on a calendar and written down. <a href="https://example.com/guide">Read the guide</a>.</p>';
const CONTENT = `<h2>Why it matters</h2>${PARAGRAPH.repeat(12)}<h2>What to do</h2><ul><li>Review yearly</li><li>Coordinate advisors</li></ul>${PARAGRAPH.repeat(12)}`;

/** Fills blog_posts with `n` posts (one in ten a draft), as the editor would store them. */
function seed(dbFile, n) {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare(
    "INSERT INTO blog_posts (title, slug, excerpt, content, content_html, sanitizer_version, published, published_at, category, created_at, updated_at) " +
      "VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
  );
  const start = Date.UTC(2020, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const created = start + i * 3_600_000;
      const published = i % 10 !== 3;
      insert.run(
        `Planning note number ${i}: coordinating tax, estate and investment decisions`,
        `planning-note-${i}`,
        "A practical checklist for families and their advisors, with the questions to ask at each annual review.",
        CONTENT,
        CONTENT,
        published ? 1 : 0,
        published ? created + 60_000 : null,
        CATEGORIES[i % CATEGORIES.length],
        created,
        created,
      );
    }
  })();
  const published = db.prepare("SELECT count(*) AS n FROM blog_posts WHERE published = 1").get().n;
  const inCategory = db.prepare("SELECT count(*) AS n FROM blog_posts WHERE published = 1 AND category = 'tax-planning'").get().n;
  // Fold the seed's write-ahead log into the database, as a long-running site's checkpoints would have.
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { published, inCategory };
}

async function waitUp(base) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(base + "/robots.txt")).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Starts a server on a fresh database holding `size` posts; returns its base URL, its pages and a stop(). */
async function serve(size) {
  const dataDir = path.join(tmp, `data-${size}`);
  const port = 3900 + Math.floor(Math.random() * 90) + (size > 1000 ? 100 : 0);
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir, DATA_DIR: dataDir, UPLOADS_DIR: path.join(dataDir, "uploads"), PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "0" };
  for (const key of ["DATABASE_PATH", "PUBLIC_URL"]) delete env[key];
  // Start once so the migrations run, then seed beside it (WAL).
  const server = spawn("node", ["--import", "tsx", "server.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
  await waitUp(base);
  const { published, inCategory } = seed(path.join(dataDir, "app.db"), size);
  const pages = {
    "list page 1": "/blog",
    "last list page": `/blog?page=${Math.ceil(published / PER_PAGE)}`,
    "category page": "/blog?category=tax-planning",
    "last category page": `/blog?category=tax-planning&page=${Math.ceil(inCategory / PER_PAGE)}`,
    "post page": `/blog/planning-note-${Math.floor(size / 2) + 1}`,
  };
  const stop = () => {
    server.kill();
    return new Promise((r) => server.once("exit", r));
  };
  return { base, pages, stop };
}

async function once(url) {
  const t = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t;
}

const servers = [];
try {
  for (const size of SIZES) {
    console.log(`seeding ${size} posts…`);
    servers.push({ size, ...(await serve(size)) });
  }
  // Both sizes are timed turn about, request by request, so whatever else the machine is doing
  // weighs on both alike.
  const rows = [];
  for (const name of Object.keys(servers[0].pages)) {
    const times = servers.map(() => []);
    for (const s of servers) for (let i = 0; i < 10; i++) await once(s.base + s.pages[name]);
    for (let i = 0; i < REQUESTS; i++) {
      for (const [k, s] of servers.entries()) times[k].push(await once(s.base + s.pages[name]));
    }
    const [a, b] = times.map(median);
    rows.push({
      page: name,
      [`p50 ms @${SIZES[0]}`]: a.toFixed(2),
      [`p50 ms @${SIZES[1]}`]: b.toFixed(2),
      ratio: (b / a).toFixed(2),
      [`path @${SIZES[1]}`]: servers[1].pages[name],
    });
  }
  console.log(`${REQUESTS} requests per page and size, alternating (p50), ${os.cpus().length} cores, node ${process.version}`);
  console.table(rows);
} finally {
  for (const s of servers) await s.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

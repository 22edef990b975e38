// Loads every native addon (*.node) under ./node_modules with the Node.js running this file, then uses
// the two the app itself calls: sharp (decode, resize, encode to WebP as uploads do) and better-sqlite3
// (queries, and thousands of statements left to the garbage collector between awaits, which aborted the
// process with better-sqlite3 12 built against Node >= 24.19 headers).
// Run by .ci/run and tests/runtimes/run.mjs; exits 1 if anything fails.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve("package.json"));
let failed = false;

function check(label, fn) {
  return Promise.resolve()
    .then(fn)
    .then(
      (detail) => console.log(`  ok    ${label}${detail ? `: ${detail}` : ""}`),
      (error) => {
        failed = true;
        console.log(`  FAIL  ${label}: ${error?.message ?? error}`);
      },
    );
}

// A package that ships prebuilt binaries for every platform (better-sqlite3's prebuilds/linux-x64.node,
// prebuilds/darwin-arm64.node, ...) loads only this platform's; musl Linux has builds of its own.
process.report.excludeNetwork = true; // the report is read for its libc only
const glibc = process.platform !== "linux" || Boolean(process.report.getReport().header.glibcVersionRuntime);
const target = `${glibc ? process.platform : "linuxmusl"}-${process.arch}`;
const forThisPlatform = (file) => {
  const [, prebuild] = /(?:^|\/)prebuilds\/([^/]+?)(?:\.node)?(?:\/|$)/.exec(file) ?? [];
  return prebuild === undefined || prebuild === target;
};

// Every addon binary, skipping node-gyp's intermediate copies, better-sqlite3's test extension (an SQLite
// extension, not a Node.js addon) and other platforms' prebuilds.
const addons = fs
  .readdirSync("node_modules", { recursive: true })
  .filter((file) => file.endsWith(".node") && !file.includes("obj.target") && !file.includes("test_extension"))
  .filter(forThisPlatform)
  .sort();

console.log(`native addons under Node.js ${process.version} (ABI ${process.versions.modules}):`);
for (const file of addons) await check(file, () => void require(path.resolve("node_modules", file)));

await check("sharp", async () => {
  const sharp = require("sharp");
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).png().toBuffer();
  const { data, info } = await sharp(png).rotate().resize({ width: 20 }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  if (info.format !== "webp" || info.width !== 20 || data.length === 0) throw new Error(`unexpected output ${JSON.stringify(info)}`);
  return `libvips ${sharp.versions.vips}, png -> webp ${info.width}x${info.height}`;
});

await check("better-sqlite3", async () => {
  const Database = require("better-sqlite3");
  const db = new Database(":memory:");
  const { version } = db.prepare("select sqlite_version() as version").get();
  for (let round = 0; round < 50; round++) {
    for (let i = 0; i < 2000; i++) db.prepare(`select ${i} as n`).get();
    await new Promise((resolve) => setImmediate(resolve));
    Array.from({ length: 20_000 }, (_, i) => ({ i, text: "x".repeat(20) })); // garbage, so the GC runs
  }
  db.close();
  return `SQLite ${version}, 100,000 statements garbage-collected`;
});

process.exit(failed ? 1 : 0);

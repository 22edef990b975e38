// The JavaScript a first visit to a page downloads (gzip bytes), read from a client build's manifest:
// the entry, the root route and the page's route with every module they import.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((f) => f.startsWith("manifest-") && f.endsWith(".js"));
  if (!file) throw new Error(`no manifest in ${assets}`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** { total, files: [{ file, gzip }] } for the route `routeId` (e.g. "routes/home"). */
export function firstLoadJs(clientDir, routeId) {
  const manifest = readManifest(clientDir);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ["root", routeId]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  const sized = [...files].map((file) => ({
    file,
    gzip: zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length,
  }));
  return { total: sized.reduce((n, f) => n + f.gzip, 0), files: sized.sort((a, b) => b.gzip - a.gzip) };
}

// `node tests/bench/first-load.mjs [build/client] [routes/home ...]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = "build/client", ...ids] = process.argv.slice(2);
  const manifest = readManifest(dir);
  const routes = ids.length ? ids : Object.keys(manifest.routes).filter((id) => id !== "root" && !id.includes("admin"));
  for (const id of routes) {
    const { total, files } = firstLoadJs(dir, id);
    console.log(`${(total / 1024).toFixed(1).padStart(6)} KB  ${id}  (largest: ${files.slice(0, 3).map((f) => path.basename(f.file)).join(", ")})`);
  }
}

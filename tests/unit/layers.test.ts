// The layers of app/ hold by themselves (docs/decisions/031-layers.md): ESLint refuses an upward import
// file by file; this test reads every import of app/ and refuses a cycle, between two modules or
// between two feature folders (admin/* counts each screen's folder on its own).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const APP = path.resolve(import.meta.dirname, "../../app");
const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const ext of ["", ".ts", ".tsx", ".mjs", "/index.ts"]) {
    if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()) return base + ext;
  }
  return null;
}

function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(APP)) {
    const targets = new Set<string>();
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2]!);
      if (target && SOURCE.test(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The feature folder a module belongs to, or null outside app/features. */
function featureOf(file: string): string | null {
  const rel = path.relative(path.join(APP, "features"), file).split(path.sep);
  if (rel[0] === ".." || rel.length < 2) return null;
  return rel[0] === "admin" && rel.length > 2 ? `admin/${rel[1]}` : rel[0]!;
}

function cycles<T>(graph: Map<T, Set<T>>): T[][] {
  const found: T[][] = [];
  const done = new Set<T>();
  const stack: T[] = [];
  const visit = (node: T) => {
    const at = stack.indexOf(node);
    if (at >= 0) return void found.push([...stack.slice(at), node]);
    if (done.has(node)) return;
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return found;
}

describe("the layers of app/", () => {
  const graph = importGraph();
  const short = (file: string) => path.relative(APP, file);

  test("the graph was read: app/ has its modules and its feature folders", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(new Set([...graph.keys()].map(featureOf).filter(Boolean)).size).toBeGreaterThan(10);
  });

  test("no module imports itself back through another", () => {
    expect(cycles(graph).map((cycle) => cycle.map(short).join(" -> "))).toEqual([]);
  });

  test("no feature folder imports itself back through another", () => {
    const features = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      if (!from) continue;
      const uses = features.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = featureOf(target);
        if (to && to !== from) uses.add(to);
      }
      features.set(from, uses);
    }
    expect(cycles(features).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });
});

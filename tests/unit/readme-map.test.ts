// README's layout section maps each URL to its route module and feature folder. This test keeps the map
// true: every route module is in it (an admin screen through the `/admin/<screen>` row, which needs the
// folder app/features/admin/<screen>), and every module and folder it names exists.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Project layout"));
const rows = section
  .split("\n")
  .filter((line) => line.startsWith("| `"))
  .map((line) => line.split("|").slice(1, 4).map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));

const routeFiles = fs.readdirSync(path.join(ROOT, "app/routes")).filter((f) => /\.tsx?$/.test(f));

/** The URL a route module serves, from its name (`client-welcome.answers.tsx` -> `/client-welcome/answers`). */
function urlOf(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  if (name === "home") return "/";
  if (name === "not-found") return "*";
  const parts = name.replace(/\[\.\]/g, "[dot]").split(".").filter((part) => part !== "_index");
  return `/${parts.join("/").replaceAll("[dot]", ".").replace(/\$(\w+)/g, ":$1")}`;
}

describe("README's map from URL to code", () => {
  test("has its table", () => {
    expect(rows.length).toBeGreaterThan(8);
  });

  test("names only route modules and feature folders that exist", () => {
    for (const [, modules = [], folders = []] of rows) {
      for (const module of modules.filter((m) => /\.tsx?$/.test(m) && !m.includes("<"))) {
        expect(routeFiles, `README names app/routes/${module}`).toContain(module);
      }
      for (const folder of folders.filter((f) => f.endsWith("/") && !f.includes("<"))) {
        expect(fs.existsSync(path.join(ROOT, "app/features", folder)), `README names app/features/${folder}`).toBe(true);
      }
    }
  });

  test("has every route module's URL, and a folder for every admin screen", () => {
    const urls = new Set(rows.flatMap(([urls = []]) => urls));
    for (const file of routeFiles) {
      const url = urlOf(file);
      const admin = /^\/admin\/([^/]+)/.exec(url);
      if (admin) {
        expect(fs.existsSync(path.join(ROOT, "app/features/admin", admin[1]!)), `app/features/admin/${admin[1]} for ${url}`).toBe(true);
      } else if (url === "*") {
        expect(section, "the 404 row").toMatch(/any unknown URL/);
      } else {
        expect(urls, `README's map has ${url} (app/routes/${file})`).toContain(url);
      }
    }
  });
});

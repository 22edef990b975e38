import { PassThrough } from "node:stream";
import { createElement, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ServerRouter,
  useLoaderData,
  type EntryContext,
  type ServerBuild,
} from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { withRenderedRoutesOnly } from "~/platform/http/rendered-routes.server";

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: ConfigEntry[] };

/**
 * A server build with the app's own route tree (app/routes.ts) and stand-in modules: each route has a loader,
 * a title, a link and an outlet, and the root renders the head and scripts, so a page carries what depends on
 * the manifest (the browser's route manifest, module imports) and on the route objects (matches, data).
 */
function buildOf(entries: ConfigEntry[]) {
  const routes: ServerBuild["routes"] = {};
  const assets: ServerBuild["assets"]["routes"] = {};
  const add = (id: string, parentId: string | undefined, entry: Partial<ConfigEntry>, module: NonNullable<ServerBuild["routes"][string]>["module"]) => {
    routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
    assets[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: `/assets/${id.replaceAll("/", "-")}.js`,
      imports: [`/assets/chunk-${id.length % 5}.js`],
      hasAction: false,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: id === "root",
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  };
  const Root = () =>
    createElement("html", { lang: "en" }, [
      createElement("head", { key: "h" }, createElement(Meta), createElement(Links)),
      createElement("body", { key: "b" }, createElement(Outlet), createElement(Scripts)),
    ]);
  add("root", undefined, { path: "" }, {
    default: Root,
    ErrorBoundary: () => createElement("html", null, createElement("body", null, "Not found", createElement(Scripts))),
    loader: () => ({ site: "WealthMatch" }),
    links: () => [{ rel: "stylesheet", href: "/assets/app.css" }],
  });
  const walk = (list: ConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      const Page = (): ReactNode => {
        const data = useLoaderData() as { id: string };
        return createElement("section", null, createElement("h1", null, data.id), createElement(Link, { to: "/blog" }, "Journal"), createElement(Outlet));
      };
      add(id, parentId, entry, { default: Page, loader: () => ({ id }), meta: () => [{ title: id }] });
      if (entry.children) walk(entry.children, id);
    }
  };
  walk(entries, "root");

  const seen: { context?: EntryContext } = {};
  const build = {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: EntryContext) => {
          seen.context = context;
          return new Response(null, { status, headers });
        },
      },
    },
    routes,
    assets: { entry: { module: "/assets/entry.client.js", imports: ["/assets/framework.js"] }, routes: assets, url: "/assets/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { unstable_optimizeDeps: false, unstable_subResourceIntegrity: false, v8_middleware: false, unstable_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  /** The entry context React Router hands the app's entry for a page request to `path`. */
  return async (path: string) => {
    seen.context = undefined;
    await handle(new Request(`https://wealthmatch.example${path}`));
    const context = seen.context as EntryContext | undefined;
    if (!context) throw new Error(`no page rendered for ${path}`);
    return context;
  };
}

/** The page ServerRouter renders from `context`, complete (as entry.server waits for it). */
function renderPage(context: EntryContext, path: string) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement(ServerRouter, { context, url: `https://wealthmatch.example${path}` }), {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

/** One address for every route of the app ("x" for each parameter), and some that match none or only partly. */
function addressesOf(entries: ConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? prefix || "/" : `${prefix}/${(entry.path ?? "").replace(/:[^/]+/g, "x").replace(/\*$/, "somewhere/else")}`;
    return [own, ...addressesOf(entry.children ?? [], own === "/" ? "" : own)];
  });
}

const entries = routeConfig as ConfigEntry[];
const contextFor = buildOf(entries);
const addresses = [...new Set([...addressesOf(entries), "/blog/some-post/more", "/admin/blog/7/edit/extra", "/Blog", "/a%20b"])];

describe("a page rendered from its own routes only", () => {
  it("covers every route of the app", () => {
    expect(addresses.length).toBeGreaterThan(60);
  });

  for (const path of addresses) {
    it(`${path} renders the same page as from the whole route tree`, async () => {
      const narrowed = withRenderedRoutesOnly(await contextFor(path));
      const whole = await contextFor(path);
      expect(Object.keys(narrowed.manifest.routes).length).toBeLessThan(Object.keys(whole.manifest.routes).length);
      expect(await renderPage(narrowed, path)).toBe(await renderPage(whole, path));
    });
  }

  it("leaves the context whole when the browser is sent every route (discovery off)", async () => {
    const context = await contextFor("/blog");
    const initial = { ...context, routeDiscovery: { ...context.routeDiscovery, mode: "initial" as const } };
    expect(withRenderedRoutesOnly(initial)).toBe(initial);
  });
});

import fs from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { configDefaults, defineConfig } from "vitest/config";
import { NO_DATABASE_FILES } from "./tests/unit/no-database-files.mjs";

// Vitest loads this file too; the React Router plugin only belongs to the app build.
const isVitest = process.env.VITEST !== undefined;

/**
 * Password hashing runs in worker threads that load app/platform/password-worker.mjs by file name
 * (docs/decisions/012-password-hashing-pool.md). The server build bundles password.server.ts into
 * build/server/index.js, so the worker is copied beside it, where the same relative URL finds it.
 */
function passwordWorker(): Plugin {
  const source = "app/platform/password-worker.mjs";
  return {
    name: "wealthmatch:password-worker",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "ssr") return;
      this.emitFile({ type: "asset", fileName: "password-worker.mjs", source: fs.readFileSync(source, "utf8") });
    },
  };
}

/**
 * What every page loads anyway, kept in one client chunk: React, React Router and the modules of the
 * root route's own frame (and the meta helper every page imports). One file compresses better than the
 * dozen small ones the bundler would otherwise make of them, and each page asks for fewer files; no page
 * gets code it would not have loaded (docs/decisions/026-first-load-chunk.md).
 */
/**
 * The client's scripts and stylesheet, also written gzipped and brotli-compressed at their best levels:
 * server.ts sends those files as they are instead of compressing each request. Every file is written
 * compressed, however small: the page links small chunks too (React Router's module preloads), and a few
 * bytes more on a tiny file cost less than a file that would go out uncompressed (docs/decisions/069).
 */
function precompressedAssets(): Plugin {
  const plugin = compression({
    include: /\.(js|css|svg)$/,
    threshold: 0,
    skipIfLargerOrEqual: false,
    algorithms: [
      ["gzip", { level: 9 }],
      ["brotliCompress", {}],
    ],
    logLevel: "silent",
  });
  return { ...plugin, applyToEnvironment: (environment) => environment.name === "client" };
}

const FIRST_LOAD = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  /remix-utils[\\/]build[\\/]react[\\/]use-hydrated/,
  /app[\\/]platform[\\/](http[\\/]nonce|ui[\\/](logo|page-frame|flash-message|email-text|link|form)|seo)\./,
];

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? {}
    : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "framework", test: (id) => FIRST_LOAD.some((re) => re.test(id)) }] } } } },
  plugins: isVitest ? [] : [tailwindcss(), reactRouter(), passwordWorker(), precompressedAssets()],
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
    // On PostgreSQL, only the files that open a database: the rest would repeat the SQLite run's work.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_ENGINE === "postgres" ? NO_DATABASE_FILES : [])],
    environment: "node",
    pool: "forks",
    // Two workers on two cores (Vitest's default leaves one core idle), each running file after file in one
    // process: importing the app once per worker, not once per file, took the run from 7.5 to 2 minutes.
    // tests/unit/setup.ts gives every file a fresh data folder, database and configuration all the same.
    maxWorkers: 2,
    isolate: false,
    // TEST_ENGINE=postgres (`npm run test:unit:pg`): one throwaway PostgreSQL for the run; otherwise SQLite.
    globalSetup: ["tests/unit/global-setup.ts"],
    setupFiles: ["tests/unit/setup.ts"],
    // CI is two busy cores: a test that waits on a worker, a socket or a file gets room beyond 5 s.
    testTimeout: 15_000,
  },
}));

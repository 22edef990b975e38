import fs from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

// Vitest loads this file too; the React Router plugin only belongs to the app build.
const isVitest = process.env.VITEST !== undefined;

/**
 * Password hashing runs in worker threads that load app/users/password-worker.mjs by file name
 * (docs/decisions/012-password-hashing-pool.md). The server build bundles password.server.ts into
 * build/server/index.js, so the worker is copied beside it, where the same relative URL finds it.
 */
function passwordWorker(): Plugin {
  const source = "app/users/password-worker.mjs";
  return {
    name: "wealthmatch:password-worker",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "ssr") return;
      this.emitFile({ type: "asset", fileName: "password-worker.mjs", source: fs.readFileSync(source, "utf8") });
    },
  };
}

export default defineConfig({
  plugins: isVitest ? [] : [tailwindcss(), reactRouter(), passwordWorker()],
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    setupFiles: ["tests/unit/setup.ts"],
  },
});

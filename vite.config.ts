import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

// Vitest loads this file too; the React Router plugin only belongs to the app build.
const isVitest = process.env.VITEST !== undefined;

export default defineConfig({
  plugins: isVitest ? [] : [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    setupFiles: ["tests/unit/setup.ts"],
  },
});

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Parallel builds (tests, benchmarks) each get their own folder.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;

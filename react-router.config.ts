import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Every loader and action of a request gets the one Request the server received, not a copy each
    // (docs/decisions/050-one-request-per-page.md): the address is read with pageUrl(request).
    v8_passThroughRequests: true,
  },
  // Parallel builds (tests, benchmarks) each get their own folder.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;

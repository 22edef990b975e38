// The real supervisor over two workers, each the production server's wiring (server/app.ts) with
// METRICS_TOKEN and a stand-in for the app that answers with its pid. Each notes its port in FIXTURE_DIR/listening-<pid>.
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { supervise } from "../../../server/supervisor.ts";
import { createServer } from "../../../server/app.ts";

if (cluster.isPrimary) await supervise(2);

const { server, stop } = createServer({
  build: {
    routes: {
      root: { id: "root", path: "" },
      "routes/blog.$slug": { id: "routes/blog.$slug", parentId: "root", path: "blog/:slug" },
    },
    entry: { module: { refusalPage: () => "refused", HSTS: "", setServerHeaders: () => {} } },
  },
  clientDir: path.join(process.env.FIXTURE_DIR ?? "", "client"),
  metricsToken: process.env.METRICS_TOKEN,
  handler: (_req, res) => res.end(String(process.pid)),
});
// Workers listening on port 0 share the one port the primary picked.
server.listen(0, "127.0.0.1", () => fs.writeFileSync(path.join(process.env.FIXTURE_DIR ?? "", `listening-${process.pid}`), String(server.address().port)));
process.on("SIGTERM", () => void stop().then(() => process.exit(0)));

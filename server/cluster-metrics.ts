// GET /metrics sums the workers' series (docs/decisions/063-metrics.md). The worker that took the scrape
// asks the primary; the primary asks every listening worker for its series as JSON over the cluster's
// IPC channel, adds them up with prom-client's AggregatorRegistry.aggregate and hands the text back.
// The primary loads no app code, and prom-client only at its first scrape: server/supervisor.ts imports
// this module, and so does every process that imports the supervisor.
import cluster, { type Worker } from "node:cluster";
import type { MetricObjectWithValues, MetricValue } from "prom-client";

const ASK = "wealthmatch:metrics:ask"; // worker → primary: the cluster's metrics, please
const COLLECT = "wealthmatch:metrics:collect"; // primary → each worker: your series
const COLLECTED = "wealthmatch:metrics:collected"; // worker → primary
const ANSWER = "wealthmatch:metrics:answer"; // primary → the asking worker: the summed text

/** How long the primary waits for a worker's series: one that does not answer in time is left out. */
export const WORKER_TIMEOUT_MS = 2_000;
/** How long a worker waits for the primary's answer. */
const ANSWER_TIMEOUT_MS = WORKER_TIMEOUT_MS + 1_000;

type Json = MetricObjectWithValues<MetricValue<string>>[];
type Message = { type?: unknown; id?: unknown; text?: unknown; error?: unknown; metrics?: unknown };
const isMessage = (value: unknown): value is Message => typeof value === "object" && value !== null;

/** In the primary (server/supervisor.ts): answers workers that ask for the cluster's metrics. */
export function aggregateWorkerMetrics(): void {
  const listening = new Set<Worker>();
  cluster.on("listening", (worker) => listening.add(worker));
  cluster.on("exit", (worker) => listening.delete(worker));
  let rounds = 0;
  const waiting = new Map<number, (worker: Worker, metrics: Json) => void>();

  /** Every listening worker's series, summed: workers that do not answer in time are left out and counted. */
  function collect(): Promise<string> {
    const id = rounds++;
    const workers = [...listening].filter((worker) => worker.isConnected());
    const parts: Json[] = [];
    return new Promise<Json[]>((resolve) => {
      const pending = new Set(workers);
      const done = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(parts);
      };
      const timer = setTimeout(done, WORKER_TIMEOUT_MS);
      waiting.set(id, (worker, metrics) => {
        if (!pending.delete(worker)) return;
        parts.push(metrics);
        if (pending.size === 0) done();
      });
      for (const worker of workers) worker.send({ type: COLLECT, id });
      if (workers.length === 0) done();
    }).then(async (collected) => {
      const { AggregatorRegistry, Gauge } = await import("prom-client");
      const registry = AggregatorRegistry.aggregate(collected);
      const reporting = new Gauge({
        name: "wealthmatch_workers_reporting",
        help: "Workers whose series this scrape sums (the others did not answer in time).",
        labelNames: ["state"] as const,
        registers: [registry],
      });
      reporting.set({ state: "answered" }, collected.length);
      reporting.set({ state: "silent" }, workers.length - collected.length);
      return registry.metrics();
    });
  }

  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === COLLECTED && typeof message.id === "number" && Array.isArray(message.metrics)) {
      waiting.get(message.id)?.(worker, message.metrics as Json);
    } else if (message.type === ASK) {
      collect().then(
        (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
        (error: unknown) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: String(error) }),
      );
    }
  });
}

let series: (() => Promise<Json>) | undefined;
let asked = 0;
const answers = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();

/** In a worker: what it reports when the primary collects (its latest server's registry), and where answers arrive. */
export function reportToPrimary(own: () => Promise<Json>): void {
  const listen = !series;
  series = own;
  if (!listen) return;
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === COLLECT) {
      void series?.().then((metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }));
    } else if (message.type === ANSWER && typeof message.id === "number") {
      const answer = answers.get(message.id);
      answers.delete(message.id);
      if (typeof message.text === "string") answer?.resolve(message.text);
      else answer?.reject(new Error(String(message.error ?? "no answer")));
    }
  });
}

/** In a worker: the whole cluster's metrics as Prometheus text, from the primary. */
export function clusterMetrics(): Promise<string> {
  const id = asked++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      answers.delete(id);
      reject(new Error("the supervisor did not answer"));
    }, ANSWER_TIMEOUT_MS);
    answers.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    process.send?.({ type: ASK, id });
  });
}

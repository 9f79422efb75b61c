// Prometheus metrics (prom-client), served at GET /metrics by the node
// dispatcher when MERIDIAN_METRICS_TOKEN is set, to requests that send it as a
// bearer token (docs/operations.md). Without the token nothing is collected: no
// observer is installed, so the request path pays nothing.
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { constantTimeEqual } from "../crypto/secrets";
import { installObserver } from "../kernel/observer";
import { pool } from "../db/client";
import { readyJobBacklog } from "../jobs/queue";

const holder = globalThis as unknown as { __meridianMetrics?: { registry: Registry; token: string } };

function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "meridian_http_requests_total",
    help: "API requests answered, by operationId and HTTP status",
    labelNames: ["operation_id", "method", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "meridian_http_request_duration_seconds",
    help: "Time to answer an API request, by operationId and HTTP status",
    labelNames: ["operation_id", "status"],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const money = new Counter({
    name: "meridian_money_moved_minor_units_total",
    help: "Money moved by ledger postings, in minor units of the currency, by posting kind and outcome",
    labelNames: ["currency", "kind", "outcome"],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: "meridian_webhook_deliveries_total",
    help: "Webhook delivery attempts by outcome",
    labelNames: ["outcome"],
    registers: [registry],
  });
  const batches = new Histogram({
    name: "meridian_group_commit_batch_size",
    help: "Items per group-commit batch",
    labelNames: ["batcher"],
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  new Gauge({
    name: "meridian_db_pool_connections",
    help: "Connections of this instance's PostgreSQL pool: total open, idle, and requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const p = pool();
      this.set({ state: "total" }, p.totalCount);
      this.set({ state: "idle" }, p.idleCount);
      this.set({ state: "waiting" }, p.waitingCount);
    },
  });
  const backlog = { at: 0, value: Promise.resolve({ ready: 0, oldestAgeSeconds: 0 }) };
  // Both job gauges come from one query per scrape.
  const readBacklog = () => {
    if (Date.now() - backlog.at > 1000) {
      backlog.at = Date.now();
      backlog.value = readyJobBacklog();
    }
    return backlog.value;
  };
  new Gauge({
    name: "meridian_jobs_ready",
    help: "Jobs due to run and not yet claimed by a worker (all instances)",
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).ready);
    },
  });
  new Gauge({
    name: "meridian_jobs_oldest_ready_age_seconds",
    help: "How long the oldest due, unclaimed job has waited (0 when none)",
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).oldestAgeSeconds);
    },
  });
  installObserver({
    request: (e) => {
      const status = String(e.status);
      requests.inc({ operation_id: e.operationId, method: e.method, status });
      latency.observe({ operation_id: e.operationId, status }, e.seconds);
    },
    moneyMoved: (currency, kind, outcome, minorUnits) => money.inc({ currency, kind, outcome }, minorUnits),
    webhookDelivery: (outcome) => webhooks.inc({ outcome }),
    batch: (name, size) => batches.observe({ batcher: name }, size),
  });
  return registry;
}

/** Starts collecting (once per process). */
export function enableMetrics(token: string): void {
  holder.__meridianMetrics ??= { registry: createRegistry(), token };
}

/** Answers GET /metrics: 404 when metrics are off, 401 without the token. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume();
  const metrics = holder.__meridianMetrics;
  const auth = req.headers.authorization ?? "";
  if (!metrics) {
    res
      .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
      .end("Metrics are off (set MERIDIAN_METRICS_TOKEN).\n");
  } else if (!auth.startsWith("Bearer ") || !constantTimeEqual(auth.slice(7), metrics.token)) {
    res
      .writeHead(401, { "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' })
      .end("Send the metrics token as a bearer token.\n");
  } else {
    const body = await metrics.registry.metrics();
    res.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" }).end(body);
  }
}

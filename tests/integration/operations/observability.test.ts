// Prometheus /metrics and OpenTelemetry traces of a real server: a server of its
// own with MERIDIAN_METRICS_TOKEN set and the standard OTEL_* variables pointing
// at a local OTLP/HTTP receiver (JSON), then one funded transfer with a webhook.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newPlatform, server, waitFor } from "../../support/api";
import { freePort, startTestServer, type TestServer } from "../../support/server";
import { fund, internalAccount, newCustomer } from "../../support/money";
import { WebhookReceiver } from "../../support/webhook-receiver";

const TOKEN = "metrics-token-0123456789abcdef";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number; boolValue?: boolean } }[];
}

function attr(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : v?.boolValue);
}

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[4]);
  }
  return 0;
}

describe("metrics and traces", () => {
  const spans: OtlpSpan[] = [];
  let receiver: Server;
  let own: TestServer;
  let api: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    const otlpPort = await freePort();
    receiver = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        if (req.url === "/v1/traces") {
          const body = JSON.parse(raw) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
          for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
        }
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(otlpPort, "127.0.0.1", resolve));
    await hooks.start();
    own = await startTestServer(server().mode, {
      MERIDIAN_METRICS_TOKEN: TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
      LOG_LEVEL: "info",
    });
    api = await newPlatform("Observed platform", own);
  }, 150_000);

  afterAll(async () => {
    await own?.stop();
    await hooks.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("refuses /metrics without the token, and a server without MERIDIAN_METRICS_TOKEN has none", async () => {
    expect((await fetch(`${own.origin}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${own.origin}/metrics`, { headers: { authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${server().origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
  });

  it("counts requests, money, batches and webhooks, and traces a request down to its SQL", async () => {
    await api.patch("/config", { webhookEndpoint: hooks.url });
    const a = await newCustomer(api);
    const b = await newCustomer(api, ["USD"], "Grace Hopper");
    const from = await internalAccount(api, a.id);
    const to = await internalAccount(api, b.id);
    await fund(api, from, 10_000);
    const quote = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: from },
      destination: { destinationType: "ACCOUNT", accountId: to },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 2_500,
      immediatelyExecute: true,
    });
    expect(quote.status, quote.text).toBe(201);
    const requestId = quote.headers.get("x-request-id")!;
    const unauthorized = await api.get("/config", { auth: "none" });
    expect(unauthorized.status).toBe(401);

    const scrape = async () =>
      (await fetch(`${own.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const text = await waitFor(
      async () => {
        const t = await scrape();
        return sample(t, "meridian_webhook_deliveries_total", { outcome: "delivered" }) >= 1 ? t : null;
      },
      { what: "a delivered webhook in /metrics" },
    );

    const createQuote = text.match(
      /meridian_http_requests_total\{operation_id="([^"]+)",method="POST",status="201"\}/g,
    );
    expect(createQuote?.length).toBeGreaterThan(0);
    expect(sample(text, "meridian_http_requests_total", { method: "GET", status: "401" })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/meridian_http_request_duration_seconds_bucket\{le="0.5",operation_id="[^"]+",status="201"\}/);
    expect(
      sample(text, "meridian_money_moved_minor_units_total", { currency: "USD", outcome: "applied" }),
    ).toBeGreaterThanOrEqual(2_500);
    expect(sample(text, "meridian_group_commit_batch_size_count", { batcher: "money_apply" })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, "meridian_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(text).toContain("meridian_jobs_ready ");
    expect(text).toContain("meridian_jobs_oldest_ready_age_seconds ");
    expect(sample(text, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);

    // The request's span: named by operationId, server kind, with platform and request id.
    const requestSpan = await waitFor(async () => spans.find((s) => attr(s, "meridian.request_id") === requestId), {
      what: "the quote request's span",
    });
    expect(requestSpan.kind).toBe(2);
    expect(requestSpan.name).toBe(attr(requestSpan, "meridian.operation_id"));
    expect(attr(requestSpan, "meridian.platform_id")).toBe(api.platformId);
    expect(attr(requestSpan, "http.response.status_code")).toBe(201);
    // Its database statements are its descendants in the same trace.
    const sqlSpans = spans.filter((s) => s.traceId === requestSpan.traceId && s.spanId !== requestSpan.spanId);
    expect(
      sqlSpans.some((s) => attr(s, "db.system") === "postgresql" || attr(s, "db.system.name") === "postgresql"),
    ).toBe(true);
    const webhook = await waitFor(async () => spans.find((s) => s.name === "webhook delivery"), {
      what: "a webhook delivery span",
    });
    expect(webhook.kind).toBe(3);
    expect(attr(webhook, "meridian.webhook.delivered")).toBe(true);
    // The request's log line carries the trace id.
    expect(own.logs()).toContain(`"traceId":"${requestSpan.traceId}"`);
    // A request of its own trace names it in the response (W3C traceresponse).
    expect(quote.headers.get("traceresponse")).toBe(`00-${requestSpan.traceId}-${requestSpan.spanId}-01`);
  }, 120_000);

  it("continues a caller's W3C trace: the request's span is the caller's span's child", async () => {
    const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const callerSpan = "00f067aa0ba902b7";
    const res = await api.get("/customers?limit=1", {
      headers: { traceparent: `00-${callerTrace}-${callerSpan}-01`, tracestate: "vendor=meridian-test" },
    });
    expect(res.status, res.text).toBe(200);
    const answered = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(res.headers.get("traceresponse") ?? "");
    expect(answered?.[1]).toBe(callerTrace);
    const requestId = res.headers.get("x-request-id")!;
    const span = await waitFor(async () => spans.find((s) => attr(s, "meridian.request_id") === requestId), {
      what: "the traced request's span",
    });
    expect(span.traceId).toBe(callerTrace);
    expect(span.parentSpanId).toBe(callerSpan);
    expect(span.spanId).toBe(answered?.[2]);
    expect(span.kind).toBe(2);
    // Its SQL stays in the caller's trace, below it.
    const sql = await waitFor(
      async () => spans.find((s) => s.traceId === callerTrace && s.parentSpanId === span.spanId) ?? null,
      { what: "a database span under the continued request" },
    );
    expect(sql.spanId).not.toBe(span.spanId);

    // A malformed traceparent is ignored (W3C): a new trace, no parent.
    const bad = await api.get("/config", { headers: { traceparent: "00-not-a-trace-01" } });
    expect(bad.status).toBe(200);
    const fresh = /^00-([0-9a-f]{32})-/.exec(bad.headers.get("traceresponse") ?? "")?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(callerTrace);
    const badId = bad.headers.get("x-request-id")!;
    const root = await waitFor(async () => spans.find((s) => attr(s, "meridian.request_id") === badId), {
      what: "the untraced request's span",
    });
    expect(root.parentSpanId ?? "").toBe("");
  }, 60_000);
});

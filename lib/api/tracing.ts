// OpenTelemetry traces, off unless the standard OTEL_* variables ask for them:
// OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (OTLP over
// HTTP; OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, _HEADERS, OTEL_SERVICE_NAME,
// OTEL_RESOURCE_ATTRIBUTES and OTEL_TRACES_SAMPLER as the SDK reads them), and
// never with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none. Each API
// request is a span named by its operationId (server kind) with the platform
// and request id; database statements (pg instrumentation) and webhook
// deliveries (client kind) are its children or, in the job worker, their own
// traces. A request carrying a W3C `traceparent` header continues the caller's
// trace (its span is the caller's span's child), and every traced response
// carries `traceresponse` (W3C Trace Context Level 2: version-traceid-spanid-flags)
// so the caller can find it. Log lines of a request carry its traceId. Must
// start before `pg` is loaded, so instrumentation.ts starts it first.
import "server-only";
import type { Span } from "@opentelemetry/api";
import type { NodeSDK } from "@opentelemetry/sdk-node";
import { installObserver, type Attributes } from "../kernel/observer";

const holder = globalThis as unknown as { __meridianTracing?: NodeSDK };

export function tracingRequested(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === "true") return false;
  if (env.OTEL_TRACES_EXPORTER?.toLowerCase() === "none") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

function clean(attributes: Attributes): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(attributes)) if (v !== undefined) out[k] = v;
  return out;
}

/** Starts the SDK once per process; returns whether tracing is on. Loads nothing when off. */
export async function startTracing(): Promise<boolean> {
  if (holder.__meridianTracing) return true;
  if (!tracingRequested()) return false;
  const { SpanKind, SpanStatusCode, trace, propagation, ROOT_CONTEXT } = await import("@opentelemetry/api");
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
  const { PgInstrumentation } = await import("@opentelemetry/instrumentation-pg");
  process.env.OTEL_SERVICE_NAME ??= "meridian";
  const sdk = new NodeSDK({
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [new PgInstrumentation({ enhancedDatabaseReporting: false })],
  });
  sdk.start();
  holder.__meridianTracing = sdk;
  const tracer = trace.getTracer("meridian");
  installObserver({
    span: (name, attributes, fn, incoming) => {
      // A caller's `traceparent` makes this span its child (W3C Trace Context; the
      // SDK's default propagator, OTEL_PROPAGATORS, reads it); otherwise a new trace.
      const parent = incoming
        ? propagation.extract(ROOT_CONTEXT, incoming, {
            get: (read, key) => read(key) ?? undefined,
            keys: () => ["traceparent", "tracestate"],
          })
        : undefined;
      const kind =
        "meridian.operation_id" in attributes
          ? SpanKind.SERVER
          : name.startsWith("webhook")
            ? SpanKind.CLIENT
            : SpanKind.INTERNAL;
      const run = async (span: Span) => {
        const { traceId, spanId, traceFlags } = span.spanContext();
        try {
          return await fn({
            set: (more) => span.setAttributes(clean(more)),
            traceId,
            traceparent: `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, "0")}`,
          });
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw err;
        } finally {
          span.end();
        }
      };
      const options = { kind, attributes: clean(attributes) };
      return parent ? tracer.startActiveSpan(name, options, parent, run) : tracer.startActiveSpan(name, options, run);
    },
  });
  return true;
}

/** Sends the spans still buffered (on shutdown). */
export async function stopTracing(): Promise<void> {
  await holder.__meridianTracing?.shutdown().catch(() => {});
  holder.__meridianTracing = undefined;
}

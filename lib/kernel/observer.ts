// What the platform reports about itself, without knowing who listens: the
// metrics and tracing set-up (lib/api/metrics.ts, lib/api/tracing.ts) installs
// an observer at start; until then, and when both are off, every call is a no-op.
// On globalThis: Next.js may load this module more than once in one process.

export type Attributes = Record<string, string | number | boolean | undefined>;

export interface Observer {
  /** One API request answered (lib/api's handler and node dispatcher). */
  request(e: { operationId: string; method: string; status: number; seconds: number }): void;
  /** Money a committed plan moved (minor units of `currency`), or money a plan tried to move when refused. */
  moneyMoved(currency: string, kind: string, outcome: "applied" | "refused", minorUnits: number): void;
  /** One webhook delivery attempt: "delivered", "retrying", "failed" or "no_endpoint". */
  webhookDelivery(outcome: string): void;
  /** How many items one batch of a group commit carried. */
  batch(name: string, size: number): void;
  /**
   * Runs fn inside a trace span (when tracing is on); a span that throws records the error.
   * `incoming` reads the caller's W3C trace context (`traceparent`, `tracestate` headers):
   * the span then continues the caller's trace instead of starting one.
   */
  span<T>(
    name: string,
    attributes: Attributes,
    fn: (span: SpanHandle) => Promise<T>,
    incoming?: (header: string) => string | null,
  ): Promise<T>;
}

export interface SpanHandle {
  /** Adds attributes known only later (the platform, the status). */
  set(attributes: Attributes): void;
  /** The trace's id, for log lines (undefined when tracing is off). */
  traceId?: string;
  /** The span as a W3C `traceparent` value (version-traceid-spanid-flags; undefined when tracing is off). */
  traceparent?: string;
}

const noSpan: SpanHandle = { set: () => {} };

const silent: Observer = {
  request: () => {},
  moneyMoved: () => {},
  webhookDelivery: () => {},
  batch: () => {},
  span: (_name, _attributes, fn) => fn(noSpan),
};

const holder = globalThis as unknown as { __meridianObserver?: Observer };

export function observer(): Observer {
  return holder.__meridianObserver ?? silent;
}

/** Installs (part of) an observer; what it leaves out keeps the current behaviour. */
export function installObserver(parts: Partial<Observer>): void {
  holder.__meridianObserver = { ...observer(), ...parts };
}

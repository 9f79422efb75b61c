"use client";
// The admin charts: payment volume per day and currency, outcomes, customers by
// verification state, and (webhooks page) delivery health. Each chart is an image
// with a spoken summary; the figures are also in the cards above. The drawings
// (recharts, ChartDrawings.tsx, the console's largest script) load once the page
// has loaded, so the page's load does not wait for them (docs/performance.md).
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import type { Slice } from "./chart-types";

const ChartDrawing = lazy(() => import("./ChartDrawings").then((m) => ({ default: m.ChartDrawing })));

// Drawn in the browser only, after the load event: the page's CSP refuses inline
// style attributes in server-rendered HTML, and recharts sizes its containers with them.
function subscribeLoad(done: () => void): () => void {
  window.addEventListener("load", done);
  return () => window.removeEventListener("load", done);
}
function useLoaded(): boolean {
  return useSyncExternalStore(
    subscribeLoad,
    () => document.readyState === "complete",
    () => false,
  );
}

function Drawing(props: Parameters<typeof ChartDrawing>[0]) {
  return useLoaded() ? (
    <Suspense fallback={null}>
      <ChartDrawing {...props} />
    </Suspense>
  ) : null;
}

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2 className="h3">{title}</h2>
      <div className="chart" role="img" aria-label={summary}>
        {children}
      </div>
    </section>
  );
}

export function DonutCard({ title, data }: { title: string; data: Slice[] }) {
  const summary = data.map((d) => `${d.name}: ${d.value}`).join(", ") || "nothing yet";
  return (
    <ChartCard title={title} summary={summary}>
      <Drawing kind="donut" data={data} />
    </ChartCard>
  );
}

export function OverviewCharts({
  volume,
  currencies,
  outcomes,
  webhooks,
  verification,
}: {
  volume: Record<string, number | string>[];
  currencies: string[];
  outcomes: Slice[];
  webhooks: Slice[];
  verification: Slice[];
}) {
  const totals = currencies.map(
    (c) => `${c} ${volume.reduce((n, row) => n + (typeof row[c] === "number" ? (row[c] as number) : 0), 0).toFixed(2)}`,
  );
  return (
    <div className="chart-grid">
      <ChartCard
        title="Payment volume per day (completed, last 14 days)"
        summary={totals.length ? `Completed volume over 14 days: ${totals.join(", ")}` : "No completed payments yet"}
      >
        <Drawing kind="volume" volume={volume} currencies={currencies} />
      </ChartCard>
      <DonutCard title="Payment outcomes" data={outcomes} />
      {webhooks.length ? <DonutCard title="Webhook delivery health" data={webhooks} /> : null}
      <DonutCard title="Customers by verification state" data={verification} />
    </div>
  );
}

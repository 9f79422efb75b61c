"use client";
// The admin charts (recharts): payment volume per day and currency, outcomes,
// customers by verification state, and (webhooks page) delivery health. Each
// chart is an image with a spoken summary; the figures are also in the cards above.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useSyncExternalStore, type ReactNode } from "react";

// Drawn in the browser only: the page's CSP refuses inline style attributes in
// server-rendered HTML, and recharts sizes its containers with them.
const noop = () => () => {};
function useMounted(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

const SERIES = ["#4e5ba6", "#12b76a", "#f79009", "#7a5af8", "#06aed4", "#f04438"];
const TONES: Record<string, string> = {
  ok: "#12b76a",
  warn: "#f79009",
  danger: "#f04438",
  info: "#2e90fa",
  neutral: "#98a2b3",
};

export interface Slice {
  name: string;
  value: number;
  tone: string;
}

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  const mounted = useMounted();
  return (
    <section className="card" aria-label={title}>
      <h2 className="h3">{title}</h2>
      <div className="chart" role="img" aria-label={summary}>
        {mounted ? children : null}
      </div>
    </section>
  );
}

export function DonutCard({ title, data }: { title: string; data: Slice[] }) {
  const summary = data.map((d) => `${d.name}: ${d.value}`).join(", ") || "nothing yet";
  return (
    <ChartCard title={title} summary={summary}>
      <Donut data={data} />
    </ChartCard>
  );
}

function Donut({ data }: { data: Slice[] }) {
  const shown = data.filter((d) => d.value > 0);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          data={shown.length ? shown : [{ name: "None yet", value: 1, tone: "neutral" }]}
          dataKey="value"
          nameKey="name"
          innerRadius="55%"
          outerRadius="80%"
          isAnimationActive={false}
        >
          {(shown.length ? shown : [{ tone: "neutral" }]).map((d, i) => (
            <Cell key={i} fill={TONES[d.tone] ?? TONES.neutral} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
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
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={volume}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="day" tick={{ fontSize: 11, fill: "var(--muted)" }} />
            <YAxis tick={{ fontSize: 11, fill: "var(--muted)" }} width={48} />
            <Tooltip />
            <Legend />
            {currencies.map((c, i) => (
              <Bar key={c} dataKey={c} stackId="v" fill={SERIES[i % SERIES.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <DonutCard title="Payment outcomes" data={outcomes} />
      {webhooks.length ? <DonutCard title="Webhook delivery health" data={webhooks} /> : null}
      <DonutCard title="Customers by verification state" data={verification} />
    </div>
  );
}

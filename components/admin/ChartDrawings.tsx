"use client";
// The admin charts' drawings (recharts), loaded by OverviewCharts after the page's
// load event: a bar chart of volume per day and currency, and donuts.
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
import type { Slice } from "./chart-types";

const SERIES = ["#4e5ba6", "#12b76a", "#f79009", "#7a5af8", "#06aed4", "#f04438"];
const TONES: Record<string, string> = {
  ok: "#12b76a",
  warn: "#f79009",
  danger: "#f04438",
  info: "#2e90fa",
  neutral: "#98a2b3",
};

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

function VolumeBars({ volume, currencies }: { volume: Record<string, number | string>[]; currencies: string[] }) {
  return (
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
  );
}

export type ChartDrawingProps =
  | { kind: "donut"; data: Slice[] }
  | { kind: "volume"; volume: Record<string, number | string>[]; currencies: string[] };

export function ChartDrawing(props: ChartDrawingProps) {
  return props.kind === "donut" ? (
    <Donut data={props.data} />
  ) : (
    <VolumeBars volume={props.volume} currencies={props.currencies} />
  );
}

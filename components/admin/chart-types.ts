// A slice of an admin donut chart (OverviewCharts, ChartDrawings).
export interface Slice {
  name: string;
  value: number;
  tone: string;
}

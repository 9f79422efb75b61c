// The metrics observer's own cost per transfer, timed in isolation (run by bench/metrics-overhead in a child started
// with the react-server condition, as the server loads lib/api/metrics.ts): what one POST /quotes with
// immediatelyExecute reports (a request, the money it moved, its share of a group-commit batch), repeated, with the
// silent observer timed the same way as the baseline. Prints one JSON line: microseconds per transfer.
import { enableMetrics } from "../../lib/api/metrics";
import { observer } from "../../lib/kernel/observer";

const N = Number(process.env.OBSERVER_COST_TRANSFERS ?? 300_000);
const STATUSES = [201, 201, 201, 201, 409];

function transfers(n: number): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const o = observer();
    o.request({ operationId: "createQuote", method: "POST", status: STATUSES[i % 5], seconds: 0.004 + (i % 7) / 1000 });
    o.moneyMoved("USD", "quote_execution", "applied", 1 + (i % 2000));
    if (i % 8 === 0) o.batch("money", 8);
  }
  return Number(process.hrtime.bigint() - started) / 1000 / n;
}

transfers(50_000); // warm the silent path
const silent = Math.min(transfers(N), transfers(N), transfers(N));
enableMetrics("observer-cost");
transfers(50_000);
const metrics = Math.min(transfers(N), transfers(N), transfers(N));
console.log(JSON.stringify({ silentMicros: silent, metricsMicros: metrics }));
process.exit(0);

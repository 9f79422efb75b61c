// The database-level reservation behind the daily/monthly limits and daily
// counts: concurrent reservations never cross a limit together.
import { describe, expect, it } from "vitest";
import { database, newPlatform } from "../../support/api";
import { installedAgent } from "./helpers";

const reserve = (
  agent: string,
  amount: number,
  daily: number | null,
  monthly: number | null,
  count: number | null,
  day = "D:2026-11-22",
  month = "M:2026-11",
) =>
  database().query<{ r: string }>(
    `SELECT agent_usage_reserve($1::uuid, $2, $3, $4::bigint, $5::bigint, $6::bigint, $7::integer) AS r`,
    [agent, day, month, amount, daily, monthly, count],
  );

describe("agent_usage_reserve", () => {
  it("40 concurrent reservations against a daily limit of 10 units admit exactly 10", async () => {
    const api = await newPlatform();
    const a = await installedAgent(api);
    const agent = a.agentId.split(":")[1];
    const results = await Promise.all(Array.from({ length: 40 }, () => reserve(agent, 100, 1000, null, null)));
    const ok = results.filter((r) => r.rows[0].r === "OK").length;
    expect(ok).toBe(10);
    expect(results.filter((r) => r.rows[0].r === "DAILY_LIMIT")).toHaveLength(30);
    const { rows } = await database().query(
      `SELECT period_key, spent::text, count FROM agent_usage WHERE agent_id = $1 ORDER BY period_key`,
      [agent],
    );
    expect(rows).toEqual([
      { period_key: "D:2026-11-22", spent: "1000", count: 10 },
      { period_key: "M:2026-11", spent: "1000", count: 10 },
    ]);
  });

  it("counts transactions per day and gives back the daily share when the monthly limit refuses", async () => {
    const api = await newPlatform();
    const a = await installedAgent(api);
    const agent = a.agentId.split(":")[1];
    const counted = await Promise.all(Array.from({ length: 8 }, () => reserve(agent, 1, null, null, 3)));
    expect(counted.filter((r) => r.rows[0].r === "OK")).toHaveLength(3);
    expect(counted.filter((r) => r.rows[0].r === "DAILY_TRANSACTION_LIMIT")).toHaveLength(5);

    expect((await reserve(agent, 500, null, 600, null, "D:2026-11-23")).rows[0].r).toBe("OK");
    expect((await reserve(agent, 200, null, 600, null, "D:2026-11-24")).rows[0].r).toBe("MONTHLY_LIMIT");
    const { rows } = await database().query(
      `SELECT spent::text, count FROM agent_usage WHERE agent_id = $1 AND period_key = 'D:2026-11-24'`,
      [agent],
    );
    expect(rows[0]).toEqual({ spent: "0", count: 0 });
  });
});

import { describe, expect, it } from "vitest";
import { apiQuery, pageHref, readFilters, PAGE_SIZE } from "../../../../../lib/bff/admin/transaction-filters";

describe("admin transaction filters", () => {
  it("keeps known values and drops unknown ones", () => {
    const f = readFilters({
      status: "PENDING",
      type: "CARD",
      customerId: " Customer:abc ",
      startDate: "2026-11-01",
      endDate: "not-a-date",
    });
    expect(f).toEqual({
      status: "PENDING",
      type: "CARD",
      customerId: "Customer:abc",
      startDate: "2026-11-01",
      endDate: "",
    });
    expect(readFilters({ status: "DONE", type: "SIDEWAYS" })).toMatchObject({ status: "", type: "" });
    expect(readFilters({ status: ["FAILED", "PENDING"] }).status).toBe("FAILED");
  });

  it("turns UTC days into the API's whole-day datetime range and passes the cursor", () => {
    const q = new URLSearchParams(
      apiQuery(readFilters({ startDate: "2026-11-01", endDate: "2026-11-02", status: "COMPLETED" }), "abc"),
    );
    expect(q.get("limit")).toBe(String(PAGE_SIZE));
    expect(q.get("startDate")).toBe("2026-11-01T00:00:00.000Z");
    expect(q.get("endDate")).toBe("2026-11-02T23:59:59.999Z");
    expect(q.get("status")).toBe("COMPLETED");
    expect(q.get("cursor")).toBe("abc");
    expect(q.has("type")).toBe(false);
    expect(new URLSearchParams(apiQuery(readFilters({ cursor: "ignored" }), "")).has("cursor")).toBe(false);
  });

  it("links to another page with the same filters, and back to the first page without a cursor", () => {
    const f = readFilters({ type: "INCOMING", customerId: "Customer:x", cursor: "old" });
    expect(pageHref(f)).toBe("/admin/transactions?type=INCOMING&customerId=Customer%3Ax");
    expect(pageHref(readFilters({}))).toBe("/admin/transactions");
  });
});

import { describe, expect, it } from "vitest";
import {
  filteredCustomerId,
  readRequestFilters,
  requestApiQuery,
  requestPageHref,
} from "../../../../../lib/bff/admin/request-filters";

describe("admin request-log filters", () => {
  it("filters by the customer picked by name, as its object id", () => {
    const f = readRequestFilters({ customerId: "Customer:abc" });
    expect(f.objectId).toBe("Customer:abc");
    expect(filteredCustomerId(f)).toBe("Customer:abc");
    const q = new URLSearchParams(requestApiQuery(f, "c2"));
    expect(q.get("objectId")).toBe("Customer:abc");
    expect(q.get("cursor")).toBe("c2");
    // The first page keeps the filter (later pages add their place: lib/bff/admin/list-pages.ts).
    expect(requestPageHref(f)).toBe("/admin/requests?objectId=Customer%3Aabc");
    expect(requestPageHref(readRequestFilters({}))).toBe("/admin/requests");
  });

  it("prefers an object id a developer typed over the picked customer", () => {
    const f = readRequestFilters({ objectId: " Transaction:t1 ", customerId: "Customer:abc" });
    expect(f.objectId).toBe("Transaction:t1");
    expect(filteredCustomerId(f)).toBeUndefined();
  });
});

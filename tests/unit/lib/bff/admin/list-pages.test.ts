import { describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE, listApiPath, listCursor, listPageHref } from "../../../../../lib/bff/admin/list-pages";

describe("admin list pages", () => {
  it("reads the cursor from the URL and asks the API for that page", () => {
    expect(listCursor({})).toBe("");
    expect(listCursor({ cursor: [" c1 ", "c2"] })).toBe("c1");
    expect(listApiPath("/customers", "")).toBe(`/customers?limit=${LIST_PAGE_SIZE}`);
    expect(listApiPath("/customers/internal-accounts", "a/b")).toBe(
      `/customers/internal-accounts?limit=${LIST_PAGE_SIZE}&cursor=a%2Fb`,
    );
  });

  it("links the first and the next page", () => {
    expect(listPageHref("/admin/customers")).toBe("/admin/customers");
    expect(listPageHref("/admin/customers", "Customer:x")).toBe("/admin/customers?cursor=Customer%3Ax");
  });
});

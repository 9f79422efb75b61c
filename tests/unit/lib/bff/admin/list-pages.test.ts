import { describe, expect, it } from "vitest";
import {
  LIST_PAGE_SIZE,
  LIST_TRAIL_MAX,
  listApiPath,
  listPageHref,
  listPagerLinks,
  listPlace,
  listRangeWords,
  type ListPlace,
} from "../../../../../lib/bff/admin/list-pages";

const base = "/admin/customers";
const first: ListPlace = { cursor: "", back: [], page: 1 };

/** The place a console URL names, read back the way the page reads it. */
function placeOf(href: string): ListPlace {
  const sp: Record<string, string | string[]> = {};
  for (const [k, v] of new URL(href, "http://x").searchParams) {
    const had = sp[k];
    sp[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return listPlace(sp);
}

describe("admin list pages", () => {
  it("asks the API for one page at the cursor", () => {
    expect(listApiPath("/customers", "")).toBe(`/customers?limit=${LIST_PAGE_SIZE}`);
    expect(listApiPath("/customers/internal-accounts", "a/b")).toBe(
      `/customers/internal-accounts?limit=${LIST_PAGE_SIZE}&cursor=a%2Fb`,
    );
  });

  it("reads the place from the URL: the first page has no cursor, a missing page number comes from the trail", () => {
    expect(listPlace({})).toEqual(first);
    expect(listPlace({ back: ["x"], page: "7" })).toEqual(first);
    expect(listPlace({ cursor: [" c1 ", "c2"] })).toEqual({ cursor: "c1", back: [], page: 2 });
    expect(listPlace({ cursor: "c3", back: ["c2", ""] })).toEqual({ cursor: "c3", back: ["c2"], page: 3 });
    expect(listPlace({ cursor: "c3", back: "c2", page: "9" })).toEqual({ cursor: "c3", back: ["c2"], page: 9 });
    // A page number the trail contradicts or that is not a number gives way to the trail.
    expect(listPlace({ cursor: "c3", back: ["c2"], page: "1" }).page).toBe(3);
    expect(listPlace({ cursor: "c3", back: ["c2"], page: "2.5" }).page).toBe(3);
    expect(listPlace({ cursor: "c3", page: "1e9" }).page).toBe(100_000);
    // The trail is bounded, however long the URL someone writes.
    const long = Array.from({ length: LIST_TRAIL_MAX + 5 }, (_, i) => `c${i}`);
    expect(listPlace({ cursor: "c", back: long }).back).toHaveLength(LIST_TRAIL_MAX);
  });

  it("on the first page offers only Next, and none when the API has no more", () => {
    expect(listPagerLinks(base, first, "n1")).toEqual({ nextHref: "/admin/customers?page=2&cursor=n1" });
    expect(listPagerLinks(base, first)).toEqual({});
  });

  it("walks forward and back to exactly the pages it came from", () => {
    const p2 = placeOf(listPagerLinks(base, first, "n1").nextHref!);
    expect(p2).toEqual({ cursor: "n1", back: [], page: 2 });
    const l2 = listPagerLinks(base, p2, "n2");
    expect(l2.firstHref).toBe(base);
    expect(l2.previousHref).toBe(base);
    const p3 = placeOf(l2.nextHref!);
    expect(p3).toEqual({ cursor: "n2", back: ["n1"], page: 3 });
    const p4 = placeOf(listPagerLinks(base, p3, "n3").nextHref!);
    expect(p4).toEqual({ cursor: "n3", back: ["n2", "n1"], page: 4 });
    // The last page: Previous and First, no Next.
    const l4 = listPagerLinks(base, p4);
    expect(l4.nextHref).toBeUndefined();
    expect(placeOf(l4.previousHref!)).toEqual(p3);
    expect(placeOf(listPagerLinks(base, p3).previousHref!)).toEqual(p2);
    expect(l4.firstHref).toBe(base);
  });

  it("keeps cursors that need escaping intact through the URL", () => {
    const odd = "a/b+c=d&back=e";
    const p2 = placeOf(listPagerLinks(base, first, odd).nextHref!);
    expect(p2.cursor).toBe(odd);
    const p3 = placeOf(listPagerLinks(base, p2, "z").nextHref!);
    expect(p3.back).toEqual([odd]);
    expect(placeOf(listPagerLinks(base, p3).previousHref!)).toEqual(p2);
  });

  it("past the bounded trail, drops the oldest cursor and still numbers the page; Previous goes as far back as the trail", () => {
    let place = first;
    for (let i = 1; i <= LIST_TRAIL_MAX + 5; i++) place = placeOf(listPagerLinks(base, place, `n${i}`).nextHref!);
    expect(place.page).toBe(LIST_TRAIL_MAX + 6);
    expect(place.back).toHaveLength(LIST_TRAIL_MAX);
    expect(place.back[0]).toBe(`n${LIST_TRAIL_MAX + 4}`);
    for (let i = 0; i < LIST_TRAIL_MAX; i++) place = placeOf(listPagerLinks(base, place).previousHref!);
    expect(place).toEqual({ cursor: "n5", back: [], page: 6 });
    // Nothing is known before it: First only.
    expect(listPagerLinks(base, place)).toEqual({ firstHref: base });
  });

  it("links the first page bare and a later one by page and cursor", () => {
    expect(listPageHref(base)).toBe(base);
    expect(listPageHref(base, first)).toBe(base);
    expect(listPageHref(base, { cursor: "Customer:x", back: ["a", "b"], page: 4 })).toBe(
      "/admin/customers?page=4&cursor=Customer%3Ax&back=a&back=b",
    );
  });

  it("keeps a filtered list's filters on every page", () => {
    const filtered = "/admin/transactions?type=CARD";
    const p2 = listPagerLinks(filtered, first, "n1").nextHref!;
    expect(p2).toBe("/admin/transactions?type=CARD&page=2&cursor=n1");
    const l3 = listPagerLinks(filtered, placeOf(p2), "n2");
    expect(l3.firstHref).toBe(filtered);
    expect(l3.previousHref).toBe(filtered);
    expect(l3.nextHref).toBe("/admin/transactions?type=CARD&page=3&cursor=n2&back=n1");
  });

  it("says where the reader is in words", () => {
    expect(listRangeWords("Customers", first, 50, 240)).toBe("Customers 1–50 of 240");
    expect(listRangeWords("Customers", { cursor: "c", back: [], page: 2 }, 50, 240)).toBe("Customers 51–100 of 240");
    expect(listRangeWords("Accounts", { cursor: "c", back: ["b"], page: 5 }, 40)).toBe("Accounts 201–240");
    // A total the page number contradicts (rows added or removed, or a hand-made URL) is left out.
    expect(listRangeWords("Accounts", { cursor: "c", back: [], page: 9 }, 10, 60)).toBe("Accounts 401–410");
    expect(listRangeWords("Customers", { cursor: "c", back: [], page: 3 }, 0, 100)).toBe("No more customers after 100");
    expect(listRangeWords("Customers", first, 0, 0)).toBe("");
    // A list's own page size, and a page of one.
    expect(listRangeWords("Requests", { cursor: "c", back: [], page: 2 }, 25, 60, 25)).toBe("Requests 26–50 of 60");
    expect(listRangeWords("Transactions", { cursor: "c", back: [], page: 2 }, 1, 21, 20)).toBe("Transactions 21 of 21");
  });
});

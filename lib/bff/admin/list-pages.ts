// Pages of an admin list (customers, accounts, transactions, the request log): the API's own keyset cursor (an
// index range by id, so every page costs the same, however deep), carried in the
// page's URL. The API pages forwards only, so "Previous page" comes from the URL
// too: it carries the cursors of the pages before this one (nearest first), at
// most LIST_TRAIL_MAX of them so a deep page's URL stays short, and the page's
// number, which only says where the reader is ("Customers 51–100 of 240").
export const LIST_PAGE_SIZE = 50;

/** How many earlier pages' cursors a page's URL keeps (each about 60 characters). */
export const LIST_TRAIL_MAX = 20;

/** The highest page number a URL may claim (a page number only labels the rows shown). */
const LIST_PAGE_MAX = 100_000;

/** Where the reader is in a list: this page's cursor ("" on the first), the earlier ones', the page's number. */
export interface ListPlace {
  cursor: string;
  /** Cursors of the pages before this one, nearest first; the first page has none, so page 2's trail is empty. */
  back: string[];
  /** 1 for the first page. */
  page: number;
}

type SearchParams = Record<string, string | string[] | undefined>;

function values(v: string | string[] | undefined): string[] {
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((s) => s.trim().slice(0, 300));
}

/** The place a page's URL names; anything missing or malformed falls back to what the cursors alone say. */
export function listPlace(sp: SearchParams): ListPlace {
  const cursor = values(sp.cursor)[0] ?? "";
  if (!cursor) return { cursor: "", back: [], page: 1 };
  const back = values(sp.back)
    .filter((c) => c !== "")
    .slice(0, LIST_TRAIL_MAX);
  const least = back.length + 2;
  const claimed = Number(values(sp.page)[0]);
  const page = Number.isInteger(claimed) ? Math.min(Math.max(claimed, least), LIST_PAGE_MAX) : least;
  return { cursor, back, page };
}

/** The API path of one page of `path` (newest first). */
export function listApiPath(path: string, cursor: string): string {
  const q = new URLSearchParams({ limit: String(LIST_PAGE_SIZE) });
  if (cursor) q.set("cursor", cursor);
  return `${path}?${q}`;
}

/**
 * The console URL of a place in the list at `base` (the bare `base` for the first page); `base` may carry the
 * list's filters ("/admin/transactions?type=CARD"), which every page keeps.
 */
export function listPageHref(base: string, place?: ListPlace): string {
  if (!place?.cursor) return base;
  const q = new URLSearchParams({ page: String(place.page), cursor: place.cursor });
  for (const c of place.back) q.append("back", c);
  return `${base}${base.includes("?") ? "&" : "?"}${q}`;
}

export interface ListPagerLinks {
  firstHref?: string;
  previousHref?: string;
  nextHref?: string;
}

/**
 * The links under a page of the list at `base`: First and Previous except on the first page, Next while the
 * API says there is more. Previous is left out only on a page whose trail was cut to LIST_TRAIL_MAX and has run out.
 */
export function listPagerLinks(base: string, place: ListPlace, nextCursor?: string): ListPagerLinks {
  const links: ListPagerLinks = {};
  if (place.page > 1) {
    links.firstHref = listPageHref(base);
    if (place.page === 2) links.previousHref = listPageHref(base);
    else if (place.back.length > 0)
      links.previousHref = listPageHref(base, {
        cursor: place.back[0],
        back: place.back.slice(1),
        page: place.page - 1,
      });
  }
  if (nextCursor) {
    const back = place.cursor ? [place.cursor, ...place.back].slice(0, LIST_TRAIL_MAX) : [];
    links.nextHref = listPageHref(base, { cursor: nextCursor, back, page: place.page + 1 });
  }
  return links;
}

/** Where the reader is, in words: "Customers 51–100 of 240" (no total when the API leaves it out). */
export function listRangeWords(
  noun: string,
  place: ListPlace,
  shown: number,
  total?: number,
  pageSize: number = LIST_PAGE_SIZE,
): string {
  const first = (place.page - 1) * pageSize + 1;
  if (shown === 0) return place.page > 1 ? `No more ${noun.toLowerCase()} after ${first - 1}` : "";
  const of = total !== undefined && total >= first + shown - 1 ? ` of ${total}` : "";
  return shown === 1 ? `${noun} ${first}${of}` : `${noun} ${first}–${first + shown - 1}${of}`;
}

// Pages of an admin list (customers, accounts): the API's own keyset cursor (an
// index range by id, so every page costs the same), carried in the page's URL.
export const LIST_PAGE_SIZE = 50;

/** The cursor in a page's URL, or "" for the first page. */
export function listCursor(sp: Record<string, string | string[] | undefined>): string {
  const v = sp.cursor;
  return (Array.isArray(v) ? v[0] : (v ?? "")).trim().slice(0, 300);
}

/** The API path of one page of `path` (newest first). */
export function listApiPath(path: string, cursor: string): string {
  const q = new URLSearchParams({ limit: String(LIST_PAGE_SIZE) });
  if (cursor) q.set("cursor", cursor);
  return `${path}?${q}`;
}

/** The console URL of the page that starts at `cursor` (the first page without one). */
export function listPageHref(page: string, cursor?: string): string {
  return cursor ? `${page}?cursor=${encodeURIComponent(cursor)}` : page;
}

// The admin request log's filters, from the page's URL to GET /sandbox/requests's
// query, and where an object named in a request is shown in the console.

export const PAGE_SIZE = 25;

export interface RequestFilters {
  operationId: string;
  status: string;
  objectId: string;
  idempotencyKey: string;
  path: string;
  faulted: string;
}

const KEYS = ["operationId", "status", "objectId", "idempotencyKey", "path", "faulted"] as const;
export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;

function one(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : (v ?? "")).trim().slice(0, 300);
}

export function readRequestFilters(sp: Record<string, string | string[] | undefined>): RequestFilters {
  const status = one(sp.status);
  const faulted = one(sp.faulted);
  return {
    operationId: one(sp.operationId),
    status: /^([1-5]\d\d|[1-5]xx)$/.test(status) ? status : "",
    // An object id typed by a developer, else the customer staff picked by name (GET /sandbox/requests
    // filters by one object; a customer's id is its object id, "Customer:…").
    objectId: one(sp.objectId) || one(sp.customerId),
    idempotencyKey: one(sp.idempotencyKey),
    path: one(sp.path),
    faulted: faulted === "true" ? "true" : "",
  };
}

export function isFiltered(f: RequestFilters): boolean {
  return KEYS.some((k) => f[k] !== "");
}

/** One page of the filtered log; `cursor` is the page's place, read once by listPlace (list-pages.ts). */
export function requestApiQuery(f: RequestFilters, cursor: string): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  for (const k of KEYS) if (f[k]) q.set(k, f[k]);
  if (cursor) q.set("cursor", cursor);
  return q.toString();
}

/** The log's first page for these filters (later pages: lib/bff/admin/list-pages.ts). */
export function requestPageHref(f: RequestFilters): string {
  const q = new URLSearchParams();
  for (const k of KEYS) if (f[k]) q.set(k, f[k]);
  const s = q.toString();
  return s ? `/admin/requests?${s}` : "/admin/requests";
}

/** The customer the filter names (shown in the customer picker), if it names one. */
export function filteredCustomerId(f: RequestFilters): string | undefined {
  return f.objectId.startsWith("Customer:") ? f.objectId : undefined;
}

/** The requests that named an object. */
export function requestsAbout(objectId: string): string {
  return `/admin/requests?objectId=${encodeURIComponent(objectId)}`;
}

const OBJECT_PAGES: Record<string, string> = {
  Customer: "/admin/customers/",
  Transaction: "/admin/transactions/",
  Card: "/admin/cards/",
  ExternalAccount: "/admin/external-accounts/",
};

/** The console page of an object ("Customer:…" → its customer page), or its requests when it has no page. */
export function objectHref(objectId: string): string {
  const type = objectId.slice(0, objectId.indexOf(":"));
  if (type === "Webhook") return `/admin/webhooks#event-${objectId.slice(objectId.indexOf(":") + 1)}`;
  const page = OBJECT_PAGES[type];
  return page ? `${page}${encodeURIComponent(objectId)}` : requestsAbout(objectId);
}

/** "Customer:0190…" → "Customer …a1b2c3d4", for link text. */
export function objectLabel(objectId: string): string {
  const i = objectId.indexOf(":");
  if (i < 0) return objectId;
  const type = objectId.slice(0, i).replace(/([a-z])([A-Z])/g, "$1 $2");
  return `${type} …${objectId.slice(-8)}`;
}

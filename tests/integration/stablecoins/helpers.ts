import { randomUUID } from "node:crypto";
import { server, type ApiClient } from "../../support/api";

export const idem = () => ({ headers: { "idempotency-key": randomUUID() } });

export async function operator(method: string, path: string, body?: unknown, token = server().operatorToken) {
  const res = await fetch(`${server().origin}/api/operator${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function link(api: ApiClient, apiClientId = `cid_${randomUUID()}`, providerAccountId?: string) {
  return api.post(
    "/stablecoin-provider-accounts",
    {
      provider: "BRALE",
      apiClientId,
      apiClientSecret: "s3cret-value",
      ...(providerAccountId ? { providerAccountId } : {}),
    },
    idem(),
  );
}

let counter = 0;
export function symbol(suffix = "") {
  counter += 1;
  return `T${Date.now().toString(36).toUpperCase()}${counter}${suffix}`;
}

export async function register(
  api: ApiClient,
  providerTokenIdentifier = symbol(),
  extra: Record<string, unknown> = {},
) {
  return api.post(
    "/stablecoins",
    {
      providerTokenIdentifier,
      networkTokenIdentifier: `btkn1${providerTokenIdentifier.toLowerCase()}`,
      network: "SPARK",
      ...extra,
    },
    idem(),
  );
}

/** A stablecoin moved to ENABLED through the request and the operator, with the platform's account in it. */
export async function enabledStablecoin(api: ApiClient) {
  const sc = (await register(api)).body;
  await api.post(`/stablecoins/${sc.id}/enablement-requests`, {});
  await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: "ENABLING" });
  const enabled = await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: "ENABLED" });
  return enabled.body;
}

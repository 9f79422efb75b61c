import type { ApiClient } from "../../support/api";

export const POLICY = {
  permissions: ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"],
  defaultExecutionMode: "AUTO",
  spendingLimits: {
    currency: "USD",
    perTransactionLimit: 10_000,
    dailyLimit: 50_000,
    dailyTransactionLimit: 20,
    monthlyLimit: 200_000,
  },
};

export async function customer(api: ApiClient, name = "Agent Owner") {
  const res = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: name, currencies: ["USD"] });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** Creates an agent for a new customer and installs it; returns ids and the bearer token. */
export async function installedAgent(api: ApiClient, policy: object = POLICY, customerId?: string) {
  const cid = customerId ?? (await customer(api));
  const created = await api.post("/agents", { name: "Bookkeeper", customerId: cid, policy });
  if (created.status !== 201) throw new Error(`agent: ${created.status} ${created.text}`);
  const redeemed = await api.post(`/agents/device-codes/${created.body.deviceCode.code}/redeem`, undefined, {
    auth: "none",
  });
  if (redeemed.status !== 200) throw new Error(`redeem: ${redeemed.status} ${redeemed.text}`);
  return {
    agentId: created.body.agent.id as string,
    customerId: cid,
    token: redeemed.body.accessToken as string,
    auth: { bearer: redeemed.body.accessToken as string },
  };
}

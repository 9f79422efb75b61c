// An agent policy names only accounts of the agent's own customer (issue 16,
// item 11): another platform's or another customer's internal account, or an
// id that names no account, is 400 INVALID_INPUT on that field, and nothing is stored.
import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { internalAccount, newCustomer } from "../../support/money";
import { POLICY } from "../agents/helpers";

function expectFields(res: { status: number; body: any; text: string }, fields: string[]) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe("INVALID_INPUT");
  expect(res.body.details.errors.map((e: { field: string }) => e.field)).toEqual(fields);
}

describe("agent policies accept only the agent's customer's accounts", () => {
  let api: ApiClient;
  let own: string;
  let ownCustomer: string;
  let otherCustomersAccount: string;
  let otherTenantsAccount: string;
  const unknown = "InternalAccount:01900000-0000-7000-8000-000000000009";
  beforeAll(async () => {
    api = await newPlatform();
    const other = await newPlatform("Other platform");
    ownCustomer = (await newCustomer(api)).id;
    own = await internalAccount(api, ownCustomer);
    otherCustomersAccount = await internalAccount(api, (await newCustomer(api)).id);
    otherTenantsAccount = await internalAccount(other, (await newCustomer(other)).id);
  });

  it("create: another tenant's, another customer's or an unknown account id → 400 naming each field; no agent is created", async () => {
    const create = (accountRestrictions: object) =>
      api.post("/agents", { name: "Bookkeeper", customerId: ownCustomer, policy: { ...POLICY, accountRestrictions } });
    expectFields(await create({ allowedAccountIds: [own, otherTenantsAccount] }), [
      "policy.accountRestrictions.allowedAccountIds[1]",
    ]);
    expectFields(await create({ accountRules: [{ accountId: otherCustomersAccount, perTransactionLimit: 1 }] }), [
      "policy.accountRestrictions.accountRules[0].accountId",
    ]);
    expectFields(
      await create({
        allowedAccountIds: [unknown],
        accountRules: [{ accountId: own }, { accountId: otherTenantsAccount }],
      }),
      ["policy.accountRestrictions.allowedAccountIds[0]", "policy.accountRestrictions.accountRules[1].accountId"],
    );
    expect((await api.get(`/agents?customerId=${ownCustomer}`)).body.data).toHaveLength(0);
    const ok = await create({ allowedAccountIds: [own], accountRules: [{ accountId: own, perTransactionLimit: 5 }] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.agent.policy.accountRestrictions.allowedAccountIds).toEqual([own]);
  });

  it("policy update: a foreign account id → 400 and the stored policy is unchanged", async () => {
    const created = await api.post("/agents", {
      name: "Bookkeeper",
      customerId: ownCustomer,
      policy: { ...POLICY, accountRestrictions: { allowedAccountIds: [own] } },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/agents/${created.body.agent.id}/policy`;
    expectFields(await api.patch(path, { accountRestrictions: { allowedAccountIds: [otherTenantsAccount] } }), [
      "accountRestrictions.allowedAccountIds[0]",
    ]);
    expectFields(
      await api.patch(path, {
        accountRestrictions: { accountRules: [{ accountId: otherCustomersAccount, executionMode: "AUTO" }] },
      }),
      ["accountRestrictions.accountRules[0].accountId"],
    );
    expect((await api.get(`/agents/${created.body.agent.id}`)).body.policy.accountRestrictions).toEqual({
      allowedAccountIds: [own],
    });
    const ok = await api.patch(path, {
      accountRestrictions: {
        allowedAccountIds: null,
        accountRules: [{ accountId: own, executionMode: "APPROVAL_REQUIRED" }],
      },
    });
    expect(ok.status, ok.text).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";
import { link, operator, register, symbol } from "./helpers";

describe("Stablecoin enablement machine", () => {
  it("NOT_ENABLED → PENDING_APPROVAL on request; a repeat succeeds; operator-driven states are not requestable", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = (await register(api)).body;
    const path = `/stablecoins/${sc.id}/enablement-requests`;

    const first = await api.post(path, {});
    expect(first.status).toBe(200);
    expect(first.body.gridOperationsStatus).toBe("PENDING_APPROVAL");
    const repeat = await api.post(path, {});
    expect(repeat.status).toBe(200);
    expect(repeat.body.gridOperationsStatus).toBe("PENDING_APPROVAL");

    for (const state of ["ENABLING", "ENABLED", "DISABLED"]) {
      const moved = await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: state });
      expect(moved.status).toBe(200);
      expect(moved.body.gridOperationsStatus).toBe(state);
      const refused = await api.post(path, {});
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE");
      expect(refused.body.details.gridOperationsStatus).toBe(state);
      expect((await api.get(`/stablecoins/${sc.id}`)).body.gridOperationsStatus).toBe(state);
    }
    // DISABLED → ENABLING is the operator's re-enable path; the platform still cannot request.
    expect(
      (await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: "ENABLING" })).body
        .gridOperationsStatus,
    ).toBe("ENABLING");
    expect((await api.post(path, {})).status).toBe(409);
  });

  it("enabling gives the stablecoin its currency and the platform an internal account in it", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = (await register(api)).body;
    await api.post(`/stablecoins/${sc.id}/enablement-requests`, {});
    await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: "ENABLING" });
    const enabled = await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: "ENABLED" });
    expect(enabled.body).toMatchObject({ gridOperationsStatus: "ENABLED", currency: sc.symbol });
    expect(enabled.body.internalAccountId).toMatch(/^InternalAccount:/);
    const queue = await operator("GET", "/stablecoins?gridOperationsStatus=ENABLED");
    expect(queue.body.data.map((s: { id: string }) => s.id)).toContain(sc.id);
  });

  it("the operator cannot skip states, needs the operator token, and only provisioned coins can be requested", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = (await register(api)).body;
    const skip = await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: "ENABLED" });
    expect(skip.status).toBe(409);
    expect(skip.body.details).toMatchObject({ gridOperationsStatus: "NOT_ENABLED", allowed: [] });
    expect(
      (
        await operator(
          "POST",
          `/stablecoins/${sc.id}/enablement`,
          { gridOperationsStatus: "ENABLING" },
          "wrong-token-wrong-token",
        )
      ).status,
    ).toBe(401);
    expect(
      (await operator("POST", `/stablecoins/${sc.id}/enablement`, { gridOperationsStatus: "PENDING_APPROVAL" })).status,
    ).toBe(400);

    const review = (await register(api, symbol("REVIEW"))).body;
    const notProvisioned = await api.post(`/stablecoins/${review.id}/enablement-requests`, {});
    expect(notProvisioned.status).toBe(400);
    expect(notProvisioned.body.code).toBe("STABLECOIN_NOT_PROVISIONED");

    const other = await newPlatform();
    expect((await other.post(`/stablecoins/${sc.id}/enablement-requests`, {})).status).toBe(404);
  });

  it("concurrent requests from NOT_ENABLED all succeed and leave one PENDING_APPROVAL", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = (await register(api)).body;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.post(`/stablecoins/${sc.id}/enablement-requests`, {})),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await api.get(`/stablecoins/${sc.id}`)).body.gridOperationsStatus).toBe("PENDING_APPROVAL");
  });
});

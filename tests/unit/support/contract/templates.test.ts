import { describe, expect, it } from "vitest";
import { matchTemplate, templateScore } from "../../../support/contract/templates";

const ops = [
  { method: "GET", path: "/agents/{agentId}" },
  { method: "GET", path: "/agents/me" },
  { method: "POST", path: "/agents/{agentId}" },
  { method: "GET", path: "/customers/{customerId}/kyc-link" },
];

describe("path templates", () => {
  it("score literal segments above parameters, and refuse other lengths or literals", () => {
    expect(templateScore("/agents/{agentId}", "/agents/Agent:1")).toBe("10");
    expect(templateScore("/agents/me", "/agents/me")).toBe("11");
    expect(templateScore("/agents/me", "/agents/Agent:1")).toBeNull();
    expect(templateScore("/agents/{agentId}", "/agents/Agent:1/actions")).toBeNull();
  });

  it("match the most literal template of the request's method, as the router does", () => {
    expect(matchTemplate(ops, "get", "/agents/me")?.operation.path).toBe("/agents/me");
    expect(matchTemplate(ops, "GET", "/agents/Agent:1")?.operation.path).toBe("/agents/{agentId}");
    expect(matchTemplate(ops, "POST", "/agents/me")?.operation.path).toBe("/agents/{agentId}");
    expect(matchTemplate(ops, "GET", "/customers/Customer:1/kyc-link")?.score).toBe("101");
    expect(matchTemplate(ops, "DELETE", "/agents/me")).toBeUndefined();
    // the router compares literal segments as sent (lib/api/node.ts)
    expect(matchTemplate(ops, "GET", "/agents/%6De")?.operation.path).toBe("/agents/{agentId}");
  });
});

// The scenario file's schema: published as JSON Schema (GET /sandbox/scenario/schema, generated from the zod schema
// the API validates with) and its problems reported with the path of each.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { scenarioJsonSchema, scenarioProblems } from "@/lib/domain/sandbox/scenario-schema";

describe("sandbox scenario schema", () => {
  it("is published as JSON Schema", () => {
    const schema = scenarioJsonSchema() as { title: string; properties: Record<string, { description?: string }> };
    expect(schema.title).toBe("Meridian sandbox scenario");
    expect(Object.keys(schema.properties)).toEqual([
      "$schema",
      "name",
      "platform",
      "customers",
      "platformExternalAccounts",
    ]);
    expect(JSON.stringify(schema)).toContain("sandbox funding postings");
  });

  it("accepts the guide's example", () => {
    expect(scenarioProblems(parse(readFileSync("docs/examples/sandbox-scenario.yaml", "utf8")))).toEqual([]);
  });

  it("names the path of every problem", () => {
    expect(scenarioProblems({ customers: [{ customer: { customerType: "INDIVIDUAL" } }, { customer: {} }] })).toEqual([
      "customers[1].customer.customerType: Invalid discriminator value. Expected 'INDIVIDUAL' | 'BUSINESS'",
    ]);
    expect(
      scenarioProblems({
        customers: [{ customer: { customerType: "INDIVIDUAL", fullName: "A" }, balances: { EUR: 5 }, cards: [{}] }],
      }),
    ).toEqual([
      "customers[0].balances.EUR: The customer holds no EUR account: add EUR to customer.currencies",
      'customers[0].cards: Cards need a verified cardholder: set verification to "APPROVED"',
    ]);
  });
});

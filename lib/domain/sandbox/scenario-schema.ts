// The sandbox scenario file (POST /sandbox/scenario, `meridian seed`): a declarative
// description of a platform's sandbox data. Each part reuses the API's own request
// schema (customers as POST /customers takes them, external accounts as POST
// /customers/external-accounts, platform flags as PATCH /config), so a scenario
// accepts exactly what the API accepts. Published as JSON Schema in the OpenAPI
// document (the operation's request body) and by GET /sandbox/scenario/schema.
import { z } from "zod";
import { CustomerCreate } from "../customers/schemas";
import { CustomerExternalAccountCreate, PlatformExternalAccountCreate } from "../external-accounts/schemas";
import { PlatformConfigUpdate } from "../platform/schemas";
import { CARD_FORMS } from "../cards/schemas";
import { CARD_BRANDS } from "../cards/pan";
import { KnownCurrency, MinorUnits } from "../common/schemas";

const VerificationState = z
  .enum(["UNVERIFIED", "PENDING", "APPROVED", "REJECTED"])
  .describe("kycStatus (individuals) or kybStatus (businesses) the customer is seeded with; no verification runs");

export const ScenarioCard = z.object({
  currency: KnownCurrency.default("USD").describe("Currency of the customer's internal account that funds the card"),
  form: z.enum(CARD_FORMS).default("VIRTUAL"),
  brand: z.enum(CARD_BRANDS).default("VISA"),
  maxSpendPerTransaction: MinorUnits.min(1).nullable().optional(),
});

export const ScenarioCustomer = z.object({
  customer: CustomerCreate.describe("The customer, exactly as POST /customers takes it"),
  verification: VerificationState.optional(),
  balances: z
    .record(z.string(), MinorUnits)
    .optional()
    .describe(
      "Balance per currency (smallest unit) of the customer's internal accounts, made by sandbox funding postings",
    ),
  externalAccounts: z
    .array(CustomerExternalAccountCreate.omit({ customerId: true }))
    .max(50)
    .optional()
    .describe("As POST /customers/external-accounts takes them, without customerId"),
  cards: z
    .array(ScenarioCard)
    .max(20)
    .optional()
    .describe("Cards issued to the customer (needs verification APPROVED)"),
});

export const Scenario = z
  .object({
    $schema: z.string().max(2000).optional(),
    name: z.string().max(200).optional(),
    platform: PlatformConfigUpdate.optional().describe(
      "Platform flags and configuration, as PATCH /config takes them (webhookEndpoint, " +
        "isRegulatedFinancialInstitution, skipVerificationPaperwork, ...)",
    ),
    customers: z.array(ScenarioCustomer).max(1000).default([]),
    platformExternalAccounts: z.array(PlatformExternalAccountCreate).max(100).default([]),
  })
  .superRefine((s, ctx) => {
    s.customers.forEach((c, i) => {
      for (const currency of Object.keys(c.balances ?? {})) {
        const held = c.customer.currencies?.length ? c.customer.currencies : ["USD"];
        if (!held.includes(currency))
          ctx.addIssue({
            code: "custom",
            path: ["customers", i, "balances", currency],
            message: `The customer holds no ${currency} account: add ${currency} to customer.currencies`,
          });
      }
      if (c.cards?.length && c.verification !== "APPROVED")
        ctx.addIssue({
          code: "custom",
          path: ["customers", i, "cards"],
          message: 'Cards need a verified cardholder: set verification to "APPROVED"',
        });
    });
  });
export type Scenario = z.infer<typeof Scenario>;

/** Human-readable problems of a scenario, each naming its path (`customers[0].customer.fullName: Required`). */
export function scenarioProblems(input: unknown): string[] {
  const parsed = Scenario.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
}

function formatPath(path: PropertyKey[]): string {
  if (!path.length) return "(scenario)";
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
}

let jsonSchema: Record<string, unknown> | undefined;
/** The scenario as JSON Schema (draft 2020-12), what a scenario file may contain. */
export function scenarioJsonSchema(): Record<string, unknown> {
  jsonSchema ??= {
    ...z.toJSONSchema(Scenario, { io: "input", unrepresentable: "any", target: "draft-2020-12" }),
    title: "Meridian sandbox scenario",
  };
  return jsonSchema;
}

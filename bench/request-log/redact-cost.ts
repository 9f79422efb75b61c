// The request log's redaction and id collection alone, per logged transfer (one POST /quotes with
// immediatelyExecute: its request and response bodies), in CPU µs. The module is an argument so a
// before/after pair runs in one session, e.g. against the committed version:
//   git show HEAD:lib/api/redact.ts > /tmp/redact-before.ts
//   node --import tsx bench/request-log/redact-cost.ts /tmp/redact-before.ts
//   node --import tsx bench/request-log/redact-cost.ts            (lib/api/redact.ts)
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { newUuid } from "../../lib/ids";

const ROWS = Number(process.env.REDACT_COST_ROWS ?? 100_000);
const id = (kind: string) => `${kind}:${newUuid()}`;
const customer = id("Customer");
const account = id("InternalAccount");
const external = id("ExternalAccount");
const quote = id("Quote");
const tx = id("Transaction");
const requestBody = JSON.stringify({
  source: { sourceType: "ACCOUNT", accountId: account },
  destination: { destinationType: "ACCOUNT", accountId: external },
  lockedCurrencySide: "SENDING",
  lockedCurrencyAmount: 1000,
  immediatelyExecute: true,
  description: "Invoice 2026-11 for services",
});
const currency = (code: string) => ({ code, name: code, symbol: "$", decimals: 2 });
const responseBody = JSON.stringify({
  id: quote,
  status: "COMPLETED",
  createdAt: "2026-11-28T21:00:00.000Z",
  expiresAt: "2026-11-28T21:05:00.000Z",
  source: { sourceType: "ACCOUNT", accountId: account, currency: "USD", customerId: customer },
  destination: { destinationType: "ACCOUNT", accountId: external, currency: "EUR" },
  sendingCurrency: currency("USD"),
  receivingCurrency: currency("EUR"),
  totalSendingAmount: 1000,
  totalReceivingAmount: 920,
  exchangeRate: 0.92,
  feesIncluded: 0,
  transactionId: tx,
  rateDetails: { counterpartyMultiplier: 0.92, counterpartyFixedFee: 0, gridApiMultiplier: 1, gridApiFixedFee: 0 },
  description: "Invoice 2026-11 for services",
});

const modulePath = resolve(process.argv[2] ?? "lib/api/redact.ts");
const redact = (await import(pathToFileURL(modulePath).href)) as {
  redactBodyText(text: string): { text: string | null; parsed?: unknown; ids?: string[] };
  objectIdsOf(params: string[], ...bodies: unknown[]): string[];
};

function objectIds(): string[] {
  const req = redact.redactBodyText(requestBody);
  const res = redact.redactBodyText(responseBody);
  return req.ids ? redact.objectIdsOf([], req.ids, res.ids ?? []) : redact.objectIdsOf([], req.parsed, res.parsed);
}

function row(): number {
  return objectIds().length;
}

let sink = 0;
for (let i = 0; i < 5_000; i++) sink += row(); // warm-up: the JIT, the field-name cache
const before = process.cpuUsage();
for (let i = 0; i < ROWS; i++) sink += row();
const used = process.cpuUsage(before);
console.log(
  JSON.stringify({
    module: process.argv[2] ?? "lib/api/redact.ts",
    rows: ROWS,
    cpuMicrosPerRow: Number(((used.user + used.system) / ROWS).toFixed(2)),
    objectIds: objectIds().length,
    keptAsSent: redact.redactBodyText(responseBody).text === responseBody,
    sink: sink > 0,
  }),
);

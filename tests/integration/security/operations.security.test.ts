// The per-operation security sweep, generated from the served OpenAPI document
// so that a new operation is swept without anyone writing a test for it.
// For every operation:
//  (a) without credentials, and with the other scheme's credentials → 401
//      (operations whose `security` is empty are only checked to answer without);
//  (b) with a token holding every combination of permissions that lacks the
//      operation's x-required-permission → 403;
//  (c) platform A's credentials (or A's agent) on platform B's ids: every id
//      parameter B's at once and each one alone → 404; each optional id filter
//      B's → the empty list or 404; each resource the body names B's → 400/404;
// every refusal a documented response in the spec's error body, no 5xx, and
// not one row of either platform written (one checksum query before and after
// each operation). An id parameter this file cannot fill fails the sweep.
import { createECDH, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, server, waitFor, type ApiClient } from "../../support/api";
import {
  makeRealtimeQuote,
  makeTenantFixtures,
  type ResourceKind,
  type TenantFixtures,
} from "../../support/tenant-fixtures";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { PERMISSIONS } from "../../../lib/domain/platform/permissions";
import { ERROR_STATUS } from "../../../lib/api/errors";

type JsonSchema = Record<string, any>;
interface DocParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: JsonSchema;
}
interface DocOperation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: DocParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  "x-required-permission"?: string;
}
interface SweptOperation {
  method: string;
  path: string;
  doc: DocOperation;
  /** The id parameters (path, and required query), each with the kind of resource it names. */
  ids: { param: DocParameter; kind: ResourceKind | undefined }[];
  /** Optional query parameters that name a resource. */
  filters: { param: DocParameter; kind: ResourceKind | undefined }[];
}

const document = (await (await fetch(`${server().baseUrl}/openapi.json`)).json()) as {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** Which resource each id parameter names, keyed by the path up to and including the parameter. */
const PATH_PARAMETER_KINDS: Record<string, ResourceKind> = {
  "/tokens/{tokenId}": "token",
  "/customers/bulk/jobs/{jobId}": "importJob",
  "/customers/{customerId}": "customer",
  "/sandbox/internal-accounts/{accountId}": "internalAccount",
  "/internal-accounts/{id}": "embeddedWallet",
  "/customers/external-accounts/{externalAccountId}": "customerExternalAccount",
  "/platform/external-accounts/{externalAccountId}": "platformExternalAccount",
  "/receiver/external-account/{accountId}": "customerExternalAccount",
  "/cards/{id}": "card",
  "/sandbox/cards/{cardId}": "card",
  "/verifications/{verificationId}": "verification",
  "/beneficial-owners/{beneficialOwnerId}": "beneficialOwner",
  "/documents/{documentId}": "document",
  "/auth/credentials/{id}": "walletCredential",
  "/auth/sessions/{id}": "walletSession",
  "/auth/delegated-keys/{id}": "delegatedKey",
  "/sca/factors/{credentialId}": "scaFactor",
  "/sca/factors/reset/{resetId}": "scaReset",
  "/quotes/{quoteId}": "quote",
  "/transactions/{transactionId}": "transaction",
  "/stablecoin-provider-accounts/{stablecoinProviderAccountId}": "stablecoinProviderAccount",
  "/stablecoins/{stablecoinId}": "stablecoin",
  "/stablecoin-operations/{stablecoinOperationId}": "stablecoinOperation",
  "/agents/{agentId}": "agent",
  "/agents/{agentId}/actions/{actionId}": "agentAction",
  "/agents/device-codes/{code}": "deviceCode",
  "/agents/me/external-accounts/{externalAccountId}": "agentExternalAccount",
  "/agents/me/quotes/{quoteId}": "agentQuote",
  "/agents/me/transactions/{transactionId}": "agentTransaction",
  "/agents/me/actions/{actionId}": "agentAction",
  "/receiver/uma/{receiverUmaAddress}": "umaAddress",
  "/invitations/{invitationCode}": "invitation",
  "/plaid/callback/{plaidLinkToken}": "plaidLinkToken",
  "/sandbox/requests/{requestId}": "loggedRequest",
};
/**
 * Paths whose id parameter names a narrower kind than PATH_PARAMETER_KINDS
 * gives its prefix: beneficiary trust is for customers in an SCA region.
 */
const PATH_PARAMETER_OVERRIDES: Record<string, Record<string, ResourceKind>> = Object.fromEntries(
  ["trust", "trust/confirm", "untrust", "untrust/confirm"].map((tail) => [
    `/customers/external-accounts/{externalAccountId}/${tail}`,
    { externalAccountId: "scaExternalAccount" },
  ]),
);
/** Required query parameters that name a resource, keyed by "/<first path segment>?<name>". */
const QUERY_PARAMETER_KINDS: Record<string, ResourceKind> = {
  "/sca?customerId": "scaCustomer",
  "/auth?accountId": "embeddedWallet",
  "/customers?platformCustomerId": "platformCustomerId",
};

/**
 * Optional query parameters that name a resource (list filters, a lookup's
 * sender), by name. The platform's own labels (platformCustomerId,
 * platformCardId) are strings it chose, not resource ids: no other platform's
 * can be named through them.
 */
const FILTER_KINDS: Record<string, ResourceKind> = {
  customerId: "customer",
  cardholderId: "customer",
  accountId: "internalAccount",
  fundingSourceId: "cardFundingSource",
  sendingAccountId: "internalAccount",
  receivingAccountId: "customerExternalAccount",
  agentId: "agent",
  umaAddress: "umaAddress",
};
// The request log's filters search the caller's own log, not resources: operationId names an API operation, and
// objectId any id the platform's own requests named (another platform's id included, when the caller itself sent it
// and was refused), so it finds the caller's requests and nothing of another platform.
const PLATFORM_LABELS = new Set(["platformCustomerId", "platformCardId", "operationId", "objectId"]);

/**
 * Where the spec makes another platform's id something other than not-found.
 * Invitations are shared by their code: the invitee's platform reads and claims
 * another platform's invitation, and only its creator may cancel it (SPEC-MAP
 * 2.17: "403 if the caller is not the creator").
 */
const CROSS_PLATFORM_DESIGN: Record<string, "shared" | 403> = {
  "GET /invitations/{invitationCode}": "shared",
  "POST /invitations/{invitationCode}/claim": "shared",
  "POST /invitations/{invitationCode}/cancel": 403,
};

type OwnIds = TenantFixtures["ids"];
const usdAccount = () => ({
  accountType: "USD_ACCOUNT",
  accountNumber: `55${Date.now() % 100000}${Math.floor(Math.random() * 1000)}`,
  routingNumber: "021000021",
  bankAccountType: "CHECKING",
  bankName: "Chase",
  beneficiary: {
    beneficiaryType: "INDIVIDUAL",
    fullName: "Ada Lovelace",
    address: { line1: "1 Main St", city: "New York", postalCode: "10001", country: "US" },
  },
});
const transferBody = (i: OwnIds) => ({
  source: { accountId: i.internalAccount },
  destination: { accountId: i.customerExternalAccount },
  amount: 100,
});
const quoteBody = (i: OwnIds) => ({
  source: { sourceType: "ACCOUNT", accountId: i.internalAccount },
  destination: { destinationType: "ACCOUNT", accountId: i.customerExternalAccount },
  lockedCurrencySide: "SENDING",
  lockedCurrencyAmount: 100,
});

type BodyTemplate = (own: OwnIds) => unknown;

/**
 * Bodies the schemas alone do not pin down, built from the caller's own
 * resources: bodies that name resources by id (each such id is then swapped
 * for the other platform's, one at a time), a refinement across fields, or a
 * pattern whose valid strings carry meaning (country and currency codes,
 * public keys). An operation missing here whose sampled body fails validation
 * gets 400 instead of 404 and fails the sweep. An operation whose body names
 * its resource in alternative ways has one template per way.
 */
const BODIES: Record<string, BodyTemplate | BodyTemplate[]> = {
  "POST /quotes": quoteBody,
  "POST /agents/me/quotes": quoteBody,
  "POST /transfer-out": transferBody,
  "POST /agents/me/transfer-out": transferBody,
  "POST /transfer-in": (i) => ({
    source: { accountId: i.customerExternalAccount },
    destination: { accountId: i.internalAccount },
    amount: 100,
  }),
  "POST /cards": (i) => ({ customerId: i.customer, form: "VIRTUAL", fundingSource: i.internalAccount }),
  "PATCH /cards/{id}": (i) => ({ fundingSource: i.internalAccount }),
  "POST /customers/external-accounts": (i) => ({ customerId: i.customer, currency: "USD", accountInfo: usdAccount() }),
  "POST /verifications": (i) => ({ customerId: i.businessCustomer }),
  "POST /beneficial-owners": (i) => ({
    customerId: i.businessCustomer,
    roles: ["UBO"],
    ownershipPercentage: 30,
    personalInfo: {
      firstName: "Otto",
      lastName: "Owner",
      birthDate: "1980-05-05",
      nationality: "US",
      address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
      idType: "SSN",
      identifier: "987-65-4321",
    },
  }),
  "POST /documents": (i) => ({
    file: "sweep.jpg",
    documentType: "NATIONAL_ID",
    country: "US",
    documentHolder: i.customer,
  }),
  "POST /auth/credentials": (i) => ({ type: "SMS_OTP", accountId: i.embeddedWallet }),
  "POST /auth/delegated-keys": (i) => ({ cardId: i.walletCard, internalAccountId: i.embeddedWallet, nickname: "Key" }),
  "POST /agents": (i) => ({
    name: "Sweep agent",
    customerId: i.customer,
    policy: {
      permissions: ["VIEW_TRANSACTIONS"],
      defaultExecutionMode: "AUTO",
      spendingLimits: { currency: "USD", perTransactionLimit: 100 },
    },
  }),
  "PATCH /agents/{agentId}/policy": (i) => ({ accountRestrictions: { allowedAccountIds: [i.internalAccount] } }),
  // the receiver by its address alone, then by its customerId alone (a customerId, when given, names the receiver)
  "POST /sandbox/uma/receive": [
    (i) => ({
      senderUmaAddress: "$sender@elsewhere.example",
      receiverUmaAddress: i.umaAddress,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 100,
    }),
    (i) => ({
      senderUmaAddress: "$sender@elsewhere.example",
      customerId: i.customer,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 100,
    }),
  ],
  "POST /sandbox/send": (i) => ({ quoteId: i.realtimeQuote, currencyCode: "USD" }),
  "POST /sandbox/cards/{cardId}/simulate/clearing": (i) => ({ cardTransactionId: i.cardAuthorization, amount: 500 }),
  "POST /sandbox/cards/{cardId}/simulate/return": (i) => ({ cardTransactionId: i.cardSettlement, amount: 100 }),
  "POST /sandbox/cards/{cardId}/simulate/authorization_advice": (i) => ({
    cardTransactionId: i.cardAdviceAuthorization,
    amount: 600,
  }),
  "POST /sandbox/cards/{cardId}/simulate/return_reversal": (i) => ({ cardTransactionId: i.cardRefunded }),
  "POST /crypto/estimate-withdrawal-fee": (i) => ({
    internalAccountId: i.embeddedWallet,
    currency: "USDB",
    cryptoNetwork: "SPARK",
    amount: 1_000_000,
    destinationAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
  }),
  "POST /plaid/link-tokens": (i) => ({ customerId: i.customer }),
  "POST /plaid/callback/{plaidLinkToken}": () => ({ publicToken: "public-sandbox-sweep" }),
  "POST /customers/external-accounts/{externalAccountId}/trust/confirm": (i) => ({
    challengeId: i.trustChallenge,
    code: "123456",
  }),
  "POST /sca/login/complete": (i) => ({
    factor: "SMS_OTP",
    endUserIpAddress: "203.0.113.9",
    challengeId: i.scaChallenge,
    code: "123456",
  }),
  "POST /invitations": (i) => ({ inviterUma: i.umaAddress }),
  "POST /stablecoins": (i) => {
    const symbol = `W${randomUUID().slice(0, 8).toUpperCase()}`;
    return {
      providerTokenIdentifier: symbol,
      networkTokenIdentifier: `btkn1${symbol.toLowerCase()}`,
      network: "SPARK",
      stablecoinProviderAccountId: i.stablecoinProviderAccount,
    };
  },
  "POST /stablecoins/{stablecoinId}/mints": (i) => ({
    amount: "10000",
    fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: i.internalAccount },
    destination: { accountId: i.stablecoinAccount },
  }),
  "POST /stablecoins/{stablecoinId}/burns": (i) => ({
    amount: "10000",
    source: { type: "PROVIDER_INTERNAL_BALANCE" },
    destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: i.platformExternalAccount, rail: "WIRE" },
  }),
  "POST /sandbox/cards/{cardId}/simulate/authorization": () => ({
    amount: 100,
    currency: { code: "USD" },
    merchant: { descriptor: "Sweep" },
  }),
  "POST /sandbox/cards/{cardId}/simulate/credit_authorization": () => ({
    amount: 100,
    currency: { code: "USD" },
    merchant: { descriptor: "Sweep" },
  }),
  "POST /sandbox/cards/{cardId}/simulate/financial_authorization": () => ({
    amount: 100,
    currency: { code: "USD" },
    merchant: { descriptor: "Sweep" },
  }),
  "POST /sandbox/cards/{cardId}/simulate/financial_credit_authorization": () => ({
    amount: 100,
    currency: { code: "USD" },
    merchant: { descriptor: "Sweep" },
  }),
  "POST /sandbox/cards/{cardId}/simulate/credit_authorization_advice": () => ({
    amount: 100,
    currency: { code: "USD" },
    merchant: { descriptor: "Sweep" },
  }),
  "PUT /documents/{documentId}": () => ({ file: "sweep.jpg", documentType: "PASSPORT", country: "US" }),
  "POST /auth/sessions/{id}/refresh": () => ({ clientPublicKey: clientPublicKey() }),
  "POST /internal-accounts/{id}/export": () => ({ clientPublicKey: clientPublicKey() }),
  "POST /quotes/{quoteId}/authorize": () => ({ code: "123456" }),
  "PATCH /agents/{agentId}": () => ({ name: "Renamed by the sweep" }),
};

/** The body templates of an operation (none when its body is sampled from the schema). */
function bodyTemplates(key: string): BodyTemplate[] {
  const templates = BODIES[key];
  return templates === undefined ? [] : Array.isArray(templates) ? templates : [templates];
}

/** The kinds of resource a body template names, found by building it once over recording ids. */
function bodyReferences(template: BodyTemplate | undefined): ResourceKind[] {
  const seen = new Set<ResourceKind>();
  const recorder = new Proxy({} as OwnIds, {
    get: (_, kind) => (seen.add(kind as ResourceKind), `${String(kind)}:recorded`),
  });
  template?.(recorder);
  return [...seen];
}

function clientPublicKey(): string {
  return createECDH("prime256v1").generateKeys("hex", "compressed") as string;
}

function idKind(path: string, param: DocParameter): ResourceKind | undefined {
  if (param.in === "path")
    return (
      PATH_PARAMETER_OVERRIDES[path]?.[param.name] ??
      PATH_PARAMETER_KINDS[path.slice(0, path.indexOf(`{${param.name}}`) + param.name.length + 2)]
    );
  return QUERY_PARAMETER_KINDS[`/${path.split("/")[1]}?${param.name}`];
}

const operations: SweptOperation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, doc]) => ({
    method: method.toUpperCase(),
    path,
    doc,
    ids: doc.parameters
      .filter((p) => p.in === "path" || (p.in === "query" && p.required))
      .map((param) => ({ param, kind: idKind(path, param) })),
    filters: doc.parameters
      .filter(
        (p) =>
          p.in === "query" &&
          !p.required &&
          (p.name in FILTER_KINDS || (/Id$/.test(p.name) && !PLATFORM_LABELS.has(p.name))),
      )
      .map((param) => ({ param, kind: FILTER_KINDS[param.name] })),
  })),
);
const secured = operations.filter((o) => o.doc.security.length > 0);
const isAgentOperation = (o: SweptOperation) => o.doc.security.some((s) => "AgentAuth" in s);

// ---- request bodies sampled from the document's schemas ----

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (typeof schema.$ref !== "string") return schema;
  const ref = schema.$ref as string;
  const target = ref.startsWith("#/components/")
    ? ref
        .split("/")
        .slice(1)
        .reduce((node: any, key) => node?.[key], document)
    : ref
        .split("/")
        .slice(1)
        .reduce((node: any, key) => node?.[key], root);
  return resolve(target ?? {}, root);
}

/** The smallest value the schema accepts, built from its required parts. */
function sample(raw: JsonSchema, root: JsonSchema): unknown {
  const schema = resolve(raw, root);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives))
    return sample(alternatives.find((a: JsonSchema) => resolve(a, root).type !== "null") ?? alternatives[0], root);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: JsonSchema) => sample(s, root)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((k: string) => [k, sample(schema.properties?.[k] ?? {}, root)]),
      );
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, root));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "string": {
      const byFormat: Record<string, string> = {
        date: "2000-01-01",
        "date-time": new Date().toISOString(),
        email: "sweep@example.com",
        uri: "https://example.com/",
        url: "https://example.com/",
        uuid: randomUUID(),
        ipv4: "203.0.113.9",
        ipv6: "2001:db8::1",
      };
      if (byFormat[schema.format]) return byFormat[schema.format];
      const pattern = String(schema.pattern ?? "");
      const id = /^\^([A-Za-z]+):\[0-9a-fA-F-\]\{36\}\$$/.exec(pattern);
      if (id) return `${id[1]}:${randomUUID()}`;
      const digits = /^\^(?:\\d|\[0-9\])(?:\{(\d+)(?:,\d*)?\}|\+)\$$/.exec(pattern);
      if (digits) return "1".repeat(Number(digits[1] ?? 1));
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return {};
  }
}

function requestBody(
  op: SweptOperation,
  own: TenantFixtures["ids"],
  template: number,
): { body?: string | FormData; contentType?: string } {
  const content = op.doc.requestBody?.content;
  if (!content)
    return op.method === "GET" || op.method === "DELETE" ? {} : { body: "{}", contentType: "application/json" };
  const key = `${op.method} ${op.path}`;
  const [mediaType, { schema }] = Object.entries(content)[0];
  const templates = bodyTemplates(key);
  const value = templates.length ? templates[template](own) : sample(schema, schema);
  if (mediaType !== "multipart/form-data") return { body: JSON.stringify(value), contentType: mediaType };
  const form = new FormData();
  const props = resolve(schema, schema).properties ?? {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (props[k]?.format === "binary" || props[k]?.contentMediaType || k === "file")
      form.set(k, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]), "sweep.jpg");
    else form.set(k, String(v));
  }
  return { body: form };
}

// ---- calling an operation ----

type Credential = { basic: ApiClient } | { bearer: string } | null;

interface Outcome {
  status: number;
  contentType: string;
  body: any;
  text: string;
}

/**
 * Calls op with these parameter ids; `own` is the caller's fixtures (for bodies
 * naming the caller's resources), `template` which of the operation's body templates.
 */
async function call(
  op: SweptOperation,
  ids: Record<string, string>,
  credential: Credential,
  own: TenantFixtures["ids"],
  filters: Record<string, string> = {},
  template = 0,
): Promise<Outcome> {
  let path = op.path;
  const query = new URLSearchParams(filters);
  for (const { param } of op.ids) {
    if (param.in === "path") path = path.replace(`{${param.name}}`, encodeURIComponent(ids[param.name]));
    else query.set(param.name, ids[param.name]);
  }
  const headers: Record<string, string> = {};
  for (const p of op.doc.parameters)
    if (p.in === "header" && p.name.toLowerCase() === "idempotency-key") headers["idempotency-key"] = randomUUID();
  const { body, contentType } = requestBody(op, own, template);
  if (contentType) headers["content-type"] = contentType;
  if (credential && "basic" in credential) headers.authorization = basic(credential.basic);
  if (credential && "bearer" in credential) headers.authorization = `Bearer ${credential.bearer}`;
  const qs = query.size ? `?${query}` : "";
  const res = await fetch(`${server().baseUrl}${path}${qs}`, { method: op.method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: parsed, text };
}

const isEmptyList = (body: unknown) => {
  const lists = body && typeof body === "object" ? Object.values(body).filter(Array.isArray) : [];
  return lists.length > 0 && lists.every((l) => l.length === 0);
};

const basic = (api: ApiClient) => `Basic ${Buffer.from(`${api.clientId}:${api.clientSecret}`).toString("base64")}`;

const errorCodes = new Set<string>(document.components.schemas.Error?.properties?.code?.enum ?? []);

/**
 * Problems with a refusal: not the expected status, not one the operation documents, or not the spec's error body for
 * it.
 */
function refusalProblems(op: SweptOperation, label: string, res: Outcome, expected: number): string[] {
  const out: string[] = [];
  if (res.status !== expected) out.push(`${label}: expected ${expected}, got ${res.status} ${res.text.slice(0, 200)}`);
  if (!(String(res.status) in op.doc.responses))
    out.push(`${label}: ${res.status} is not among the operation's documented responses`);
  if (!/^application\/json\b/.test(res.contentType)) out.push(`${label}: content-type ${res.contentType}`);
  const body = res.body;
  if (!body || typeof body !== "object" || Array.isArray(body))
    return [...out, `${label}: the body is not a JSON error object: ${res.text.slice(0, 200)}`];
  // `message` repeats reason for the clients generated from the reference (docs/official-clients.md).
  const extra = Object.keys(body).filter((k) => !["code", "reason", "details", "message"].includes(k));
  if (extra.length) out.push(`${label}: unexpected error fields ${extra.join(", ")}`);
  if (body.message !== body.reason) out.push(`${label}: message is not the reason's text`);
  if (!errorCodes.has(body.code)) out.push(`${label}: code ${body.code} is not one of the spec's error codes`);
  else if (ERROR_STATUS[body.code as keyof typeof ERROR_STATUS] !== res.status)
    out.push(
      `${label}: code ${body.code} belongs to ` +
        `${ERROR_STATUS[body.code as keyof typeof ERROR_STATUS]}, not ` +
        `${res.status}`,
    );
  if (typeof body.reason !== "string" || body.reason.length === 0) out.push(`${label}: no reason`);
  if (
    body.details !== undefined &&
    (typeof body.details !== "object" || body.details === null || Array.isArray(body.details))
  )
    out.push(`${label}: details is not an object`);
  const fieldErrors = body.details?.errors;
  if (
    fieldErrors !== undefined &&
    !(Array.isArray(fieldErrors) && fieldErrors.every((e) => typeof e?.field === "string"))
  )
    out.push(`${label}: details.errors is not a list of {field, constraint, message}`);
  if (res.status >= 500) out.push(`${label}: server error ${res.status}`);
  return out;
}

describe("Per-operation security sweep over the served OpenAPI document", () => {
  let a: ApiClient;
  let b: ApiClient;
  let fa: TenantFixtures;
  let fb: TenantFixtures;
  let hooks: WebhookReceiver;
  /** Platform A's tokens, each with a set of permissions (every non-empty subset). */
  const weakTokens: { permissions: string[]; client: ApiClient }[] = [];
  let snapshotSql = "";

  /** Row count and checksum of every table's rows of both platforms, in one query. */
  async function snapshot(): Promise<Record<string, string>> {
    const { rows } = await database().query(snapshotSql, [[a.platformId, b.platformId]]);
    return rows[0].snapshot;
  }

  beforeAll(async () => {
    hooks = await new WebhookReceiver().start();
    [a, b] = await Promise.all([newPlatform("Sweep platform A"), newPlatform("Sweep platform B")]);
    [fa, fb] = await Promise.all([makeTenantFixtures(a, hooks.url), makeTenantFixtures(b, hooks.url)]);
    for (let mask = 1; mask < 1 << PERMISSIONS.length; mask++) {
      const permissions = PERMISSIONS.filter((_, i) => mask & (1 << i));
      const created = await a.post("/tokens", { name: `sweep ${permissions.join("+")}`, permissions });
      if (created.status !== 201) throw new Error(`token ${permissions}: ${created.status} ${created.text}`);
      weakTokens.push({ permissions, client: a.withCredentials(created.body.clientId, created.body.clientSecret) });
    }

    const { rows } = await database().query<{ table_name: string; scope: string }>(
      `SELECT t.table_name,
              CASE WHEN t.table_name = 'platforms' THEN 'id'
                   WHEN t.table_name = 'idempotency_keys' THEN 'idempotency'
                   WHEN bool_or(c.column_name = 'platform_id') THEN 'platform_id'
                   WHEN bool_or(c.column_name = 'agent_id') THEN 'agent_id'
                   WHEN bool_or(c.column_name = 'customer_id') THEN 'customer_id' END AS scope
         FROM information_schema.tables t JOIN information_schema.columns c USING (table_schema, table_name)
        WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        GROUP BY t.table_name`,
    );
    // The sandbox request log records every answer, refusals included (docs/sandbox.md): not a write of the operation.
    const scoped = rows.filter((r) => r.scope && r.table_name !== "api_request_log");
    expect(scoped.length).toBeGreaterThan(30);
    const where: Record<string, string> = {
      // A refused request's Idempotency-Key keeps its refusal for replay (lib/api/idempotency.ts): not a write of the
      // operation.
      idempotency: "x.platform_id = ANY($1::uuid[]) AND coalesce(x.response_status, 0) < 400",
      id: "x.id = ANY($1::uuid[])",
      platform_id: "x.platform_id = ANY($1::uuid[])",
      agent_id: "x.agent_id IN (SELECT id FROM agents WHERE platform_id = ANY($1::uuid[]))",
      customer_id: "x.customer_id IN (SELECT id FROM customers WHERE platform_id = ANY($1::uuid[]))",
    };
    snapshotSql = `SELECT json_build_object(${scoped
      .map(
        (r) =>
          `'${r.table_name}', (SELECT count(*) || ':' || ` +
          `coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') ` +
          `FROM "${r.table_name}" x WHERE ${where[r.scope]})`,
      )
      .join(", ")}) AS snapshot`;

    // The fixtures' own background work (webhook deliveries, jobs) finishes before the sweep counts writes.
    let last = "";
    await waitFor(
      async () => {
        const { rows: busy } = await database().query<{ n: number }>(
          `SELECT (SELECT count(*) FROM jobs WHERE platform_id = ANY($1::uuid[]) AND status NOT IN ('DONE', ` +
            `'FAILED') AND run_at < now() + interval '5 minutes')
                + (SELECT count(*) FROM webhook_events WHERE platform_id = ANY($1::uuid[]) AND status = ` +
            `'PENDING') AS n`,
          [[a.platformId, b.platformId]],
        );
        const now = JSON.stringify(await snapshot());
        const settled = Number(busy[0].n) === 0 && now === last;
        last = now;
        return settled;
      },
      { timeoutMs: 60_000, intervalMs: 300, what: "the fixtures' webhooks and jobs to finish" },
    );
  }, 180_000);

  afterAll(async () => hooks?.stop());

  it("every id parameter of every operation names a resource kind the sweep can make", () => {
    const unfillable = operations.flatMap((o) =>
      [...o.ids, ...o.filters]
        .filter((i) => !i.kind)
        .map((i) => `${o.method} ${o.path}: ${i.param.in} parameter ${i.param.name}`),
    );
    expect(
      unfillable,
      "add the parameter to " +
        "PATH_PARAMETER_KINDS/QUERY_PARAMETER_KINDS/FILTER_KINDS and its " +
        "resource to tests/support/tenant-fixtures.ts",
    ).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
    const served = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const overridden = Object.keys(PATH_PARAMETER_OVERRIDES).filter((p) => !operations.some((o) => o.path === p));
    expect(
      [...Object.keys(BODIES).filter((k) => !served.has(k)), ...overridden],
      "body templates and path overrides name served operations",
    ).toEqual([]);
  });

  it("each platform has its own resource of every kind the operations name", () => {
    const kinds = [...new Set(operations.flatMap((o) => [...o.ids, ...o.filters].map((i) => i.kind!)))];
    for (const kind of kinds) {
      expect(fa.ids[kind], kind).toMatch(/^\S+$/);
      expect(fb.ids[kind], kind).toMatch(/^\S+$/);
      expect(fa.ids[kind], kind).not.toBe(fb.ids[kind]);
    }
  });

  it("operations documented as unauthenticated answer without credentials", async () => {
    const open = operations.filter((o) => o.doc.security.length === 0);
    expect(open.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      "GET /sandbox/scenario/schema",
      "GET /webhooks/signing-key",
      "POST /agents/device-codes/{code}/redeem",
    ]);
    for (const op of open) {
      // a never-issued id: nothing to redeem, but the answer proves no credential was asked for
      const ids = Object.fromEntries(op.ids.map(({ param }) => [param.name, "SWEEPUNKNOWN"]));
      const res = await call(op, ids, null, fa.ids);
      expect([200, 404], `${op.method} ${op.path}: ${res.status} ${res.text}`).toContain(res.status);
    }
  });

  it("the fixtures are real: each platform reads its own resources through every GET with ids", async () => {
    const problems: string[] = [];
    for (const op of secured.filter((o) => o.method === "GET" && o.ids.length > 0)) {
      for (const [api, f] of [
        [a, fa],
        [b, fb],
      ] as const) {
        const ids = Object.fromEntries(op.ids.map(({ param, kind }) => [param.name, f.ids[kind!]]));
        const res = await call(op, ids, isAgentOperation(op) ? { bearer: f.agentToken } : { basic: api }, f.ids);
        if (res.status !== 200)
          problems.push(`${op.method} ${op.path} (${api === a ? "A" : "B"}): ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  for (const op of secured) {
    const key = `${op.method} ${op.path}`;
    const required = op.doc["x-required-permission"];
    it(`${key} refuses callers without credentials, without ${required ?? "the agent's token"}, and on another platform's ids`, async () => {
      const problems: string[] = [];
      const own = (f: TenantFixtures) =>
        Object.fromEntries(op.ids.map(({ param, kind }) => [param.name, f.ids[kind!]]));
      const agent = isAgentOperation(op);
      const before = await snapshot();

      // (a) no credentials, and the other scheme's credentials
      problems.push(...refusalProblems(op, "no credentials", await call(op, own(fa), null, fa.ids), 401));
      problems.push(
        ...refusalProblems(
          op,
          "other scheme",
          await call(op, own(fa), agent ? { basic: a } : { bearer: fa.agentToken }, fa.ids),
          401,
        ),
      );

      // (b) every token of A that lacks the required permission
      if (!agent) expect(required, `${key} declares no x-required-permission`).toBeDefined();
      for (const weak of weakTokens.filter((t) => required && !t.permissions.includes(required))) {
        const res = await call(op, own(fa), { basic: weak.client }, fa.ids);
        problems.push(...refusalProblems(op, `token with ${weak.permissions.join("+")}`, res, 403));
        if (res.body?.details?.requiredPermission !== required)
          problems.push(
            `token with ${weak.permissions.join("+")}: details.requiredPermission is ` +
              `${res.body?.details?.requiredPermission}`,
          );
      }

      // (c) A on B's ids: all at once, then each one alone among A's own
      if (op.ids.length > 0) {
        const design = CROSS_PLATFORM_DESIGN[key];
        const listFilter = op.method === "GET" && op.ids.every(({ param }) => param.in === "query");
        const variants: [string, Record<string, string>][] = [["all of B's ids", own(fb)]];
        if (op.ids.length > 1)
          for (const { param } of op.ids)
            variants.push([`B's ${param.name}`, { ...own(fa), [param.name]: own(fb)[param.name] }]);
        if (design !== "shared") {
          for (const [label, ids] of variants) {
            const res = await call(op, ids, agent ? { bearer: fa.agentToken } : { basic: a }, fa.ids);
            // A list filtered by another platform's id may answer the empty list (the reference documents no 404 for
            // lists).
            if (listFilter && res.status === 200 && isEmptyList(res.body)) continue;
            problems.push(...refusalProblems(op, label, res, design ?? 404));
          }
        }
      }

      // (c) A's own ids, with each resource the body names swapped for B's: invalid input, or not found
      for (const [template, build] of bodyTemplates(key).entries()) {
        for (const kind of bodyReferences(build)) {
          const res = await call(
            op,
            own(fa),
            agent ? { bearer: fa.agentToken } : { basic: a },
            { ...fa.ids, [kind]: fb.ids[kind] },
            {},
            template,
          );
          problems.push(...refusalProblems(op, `B's ${kind} in the body`, res, res.status === 400 ? 400 : 404));
        }
      }

      // (c) A's own ids, filtered by each of B's resources: the empty list, or not found
      for (const { param, kind } of op.filters) {
        const res = await call(op, own(fa), agent ? { bearer: fa.agentToken } : { basic: a }, fa.ids, {
          [param.name]: fb.ids[kind!],
        });
        if (res.status === 200 && isEmptyList(res.body)) continue;
        problems.push(...refusalProblems(op, `filter ${param.name} of B`, res, 404));
      }

      const after = await snapshot();
      const written = Object.keys(after).filter((t) => after[t] !== before[t]);
      expect({ problems, written }).toEqual({ problems: [], written: [] });
    });
  }

  // After the sweep (this one writes): a body naming A's own resources is accepted, so B's are refused for being B's.
  it("the bodies that name resources are accepted with the caller's own", async () => {
    const problems: string[] = [];
    // the fixture's real-time quote has expired by now (quotes live seconds in the test sandbox)
    const own = {
      ...fa.ids,
      realtimeQuote: await makeRealtimeQuote(a, fa.ids.customer, fa.ids.customerExternalAccount),
    };
    for (const op of secured) {
      for (const [template, build] of bodyTemplates(`${op.method} ${op.path}`).entries()) {
        if (bodyReferences(build).length === 0) continue;
        const ids = Object.fromEntries(op.ids.map(({ param, kind }) => [param.name, own[kind!]]));
        const credential = isAgentOperation(op) ? { bearer: fa.agentToken } : { basic: a };
        const res = await call(op, ids, credential, own, {}, template);
        if (res.status >= 300)
          problems.push(`${op.method} ${op.path} (template ${template}): ${res.status} ${res.text.slice(0, 300)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

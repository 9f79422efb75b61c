// bench/writes: the server's CPU per request of the writes bench/api compares with Prism (POST /customers,
// POST /customers/external-accounts, POST /documents, POST /cards, PATCH /config) and of PATCH /customers/{id},
// POST /transfer-in and POST /transfer-out (over 50 funded customers), of GET /transactions?limit=20
// and of GET /config (the shared path: auth, dispatch,
// response), each a bounded number of requests (BENCH_REQUESTS, default 3000) at BENCH_CONNECTIONS (default 10)
// after a warm-up. CPU from /proc (the serve.mjs process and PostgreSQL), with the idle server's rate (job poller)
// over the same wall time subtracted. With PROF_DIR set the server preloads bench/agents/profile.mjs and each
// target's measured window is written as a V8 CPU profile ($PROF_DIR/<target>.cpuprofile; summarise with
// `node bench/writes/summarise.mjs <file>`). Figures, never assertions:
//   npm run bench:writes   (BENCH_DB=external|embedded, default external)
import { renameSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { servePid, startTestServer, type DbMode } from "../../tests/support/server";
import { benchCardsPlatform, customerBody, externalAccountBody } from "../support/agents";
import { fundedCustomersWithBanks } from "../support/transfers";
import { serverCpuMs } from "../support/cpu";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MODE = (process.env.BENCH_DB ?? "external") as DbMode;
const PROF_DIR = process.env.PROF_DIR;
const ONLY = process.env.BENCH_ONLY?.split(",");

const DOCUMENT_TYPES = ["PASSPORT", "NATIONAL_ID", "PROOF_OF_ADDRESS", "BANK_STATEMENT", "UTILITY_BILL", "TAX_RETURN"];
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);
const BOUNDARY = "----meridian-bench-7MA4YWxkTrZu0gW";

function documentForm(fields: Record<string, string>) {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="passport.jpg"\r\n` +
      "Content-Type: image/jpeg\r\n\r\n",
  );
  return Buffer.concat([Buffer.from(parts.join("")), JPEG, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

let seq = 0;
const unique = () => `${process.pid}-${Date.now()}-${++seq}`;

interface Target {
  name: string;
  file: string;
  method: "GET" | "POST" | "PATCH";
  /** A function for a path that varies per request (the customer a PATCH changes). */
  path: string | (() => string);
  /** Another platform's credentials (card issuance runs on a platform that skips verification paperwork). */
  auth?: string;
  /** `key`: the Idempotency-Key the request carries. */
  next: () => { body?: string | Buffer; contentType?: string; key?: string };
}

async function main() {
  console.log(`bench/writes: ${REQUESTS} requests per target at ${CONNECTIONS} connections (${MODE} PostgreSQL)`);
  console.log(`load average at start: ${load()}`);
  const server = await startTestServer(MODE, {
    LOG_LEVEL: "warn",
    ...(PROF_DIR ? { NODE_OPTIONS: `--import ${new URL("../agents/profile.mjs", import.meta.url).pathname}` } : {}),
  });
  const port = Number(new URL(server.origin).port);
  try {
    const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
    const prefix = new URL(server.baseUrl).pathname;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { id: string };
      if (!res.ok) throw new Error(`${path} -> ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const base = await post("/customers", { customerType: "INDIVIDUAL", fullName: "Bench Base", currencies: ["USD"] });
    // Each upload takes a free (holder, type) pair: enough holders for the warm-up and the measurement.
    const holders: string[] = [];
    const needed = Math.ceil((REQUESTS + 600) / DOCUMENT_TYPES.length) + 1;
    if (!ONLY || ONLY.includes("documents"))
      while (holders.length < needed) {
        const batch = await Promise.all(
          Array.from({ length: 25 }, () =>
            post("/customers", { customerType: "INDIVIDUAL", fullName: "Bench Holder" }),
          ),
        );
        holders.push(...batch.map((c) => c.id));
      }
    const cards = !ONLY || ONLY.includes("cards") ? await benchCardsPlatform(server) : null;
    const moneyTargets = ["customer-update", "verifications", "transfer-in", "transfer-out", "transfer-out-keyed"];
    const money =
      !ONLY || ONLY.some((o) => moneyTargets.includes(o))
        ? await fundedCustomersWithBanks(server.baseUrl, auth, 50)
        : { customers: [], accounts: [], banks: [] };
    const anyOf = () => Math.floor(Math.random() * money.customers.length);
    /** A payout from one of the funded accounts to its customer's own bank account. */
    const transferOutBody = () => {
      const i = anyOf();
      const destination = { accountId: money.banks[i], paymentRail: "ACH" };
      return JSON.stringify({ source: { accountId: money.accounts[i] }, destination, amount: 1 });
    };
    let doc = 0;
    const targets: Target[] = [
      { name: "GET /config", file: "config", method: "GET", path: "/config", next: () => ({}) },
      {
        name: "POST /customers",
        file: "customers",
        method: "POST",
        path: "/customers",
        next: () => ({ body: JSON.stringify(customerBody(unique())) }),
      },
      {
        name: "POST /customers/external-accounts",
        file: "external-accounts",
        method: "POST",
        path: "/customers/external-accounts",
        next: () => ({ body: JSON.stringify(externalAccountBody(base.id, unique(), seq++)) }),
      },
      {
        name: "POST /documents (upload)",
        file: "documents",
        method: "POST",
        path: "/documents",
        next: () => {
          const n = doc++;
          const holder = holders[Math.floor(n / DOCUMENT_TYPES.length) % holders.length];
          return {
            contentType: `multipart/form-data; boundary=${BOUNDARY}`,
            body: documentForm({
              documentHolder: holder,
              documentType: DOCUMENT_TYPES[n % DOCUMENT_TYPES.length],
              country: "US",
            }),
          };
        },
      },
      {
        name: "GET /transactions?limit=20",
        file: "transactions",
        method: "GET",
        path: "/transactions?limit=20",
        next: () => ({}),
      },
      {
        name: "PATCH /customers/{id}",
        file: "customer-update",
        method: "PATCH",
        path: () => `/customers/${money.customers[anyOf()]}`,
        next: () => ({
          body: JSON.stringify({ customerType: "INDIVIDUAL", fullName: `Bench Person ${seq++ % 1000}` }),
        }),
      },
      {
        name: "POST /verifications",
        file: "verifications",
        method: "POST",
        path: "/verifications",
        next: () => ({ body: JSON.stringify({ customerId: money.customers[anyOf()] }) }),
      },
      {
        name: "POST /transfer-in",
        file: "transfer-in",
        method: "POST",
        path: "/transfer-in",
        next: () => {
          const i = anyOf();
          const body = {
            source: { accountId: money.banks[i] },
            destination: { accountId: money.accounts[i] },
            amount: 1,
          };
          return { body: JSON.stringify(body) };
        },
      },
      {
        name: "POST /transfer-out",
        file: "transfer-out",
        method: "POST",
        path: "/transfer-out",
        next: () => ({ body: transferOutBody() }),
      },
      {
        name: "POST /transfer-out (Idempotency-Key)",
        file: "transfer-out-keyed",
        method: "POST",
        path: "/transfer-out",
        next: () => ({ body: transferOutBody(), key: unique() }),
      },
      // The card's activation job (20 ms later at the test server's time scale) and its CARD.STATUS_CHANGE delivery
      // fall partly inside the window: the CPU per card includes most of them.
      {
        name: "POST /cards",
        file: "cards",
        method: "POST",
        path: "/cards",
        auth: cards?.auth,
        next: () => ({
          body: JSON.stringify({
            cardholderId: cards!.customerId,
            form: "VIRTUAL",
            fundingSources: [cards!.accountId],
          }),
        }),
      },
      // Last: it sets a webhook endpoint, and later events of this platform would add their deliveries.
      {
        name: "PATCH /config (webhooks)",
        file: "config-patch",
        method: "PATCH",
        path: "/config",
        next: () => ({ body: JSON.stringify({ webhookEndpoint: `https://hooks.example.com/${seq++ % 1000}` }) }),
      },
    ];
    const cannon = (t: Target, amount: number) =>
      autocannon({
        url: server.origin,
        connections: CONNECTIONS,
        amount,
        headers: { authorization: t.auth ?? auth, "content-type": "application/json" },
        requests: [
          {
            method: t.method,
            setupRequest: (req) => {
              const { body, contentType, key } = t.next();
              return {
                ...req,
                path: `${prefix}${typeof t.path === "function" ? t.path() : t.path}`,
                ...(body !== undefined ? { body } : {}),
                headers: {
                  ...(req.headers as Record<string, string>),
                  ...(contentType ? { "content-type": contentType } : {}),
                  ...(key ? { "idempotency-key": key } : {}),
                },
              };
            },
          },
        ],
      });
    // The idle server's CPU rate (the job poller, timers), subtracted from each window.
    const idle0 = serverCpuMs(port)!;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 3000));
    const idle1 = serverCpuMs(port)!;
    const idleRate = (idle1.server - idle0.server) / (performance.now() - t0);
    const idlePg = (idle1.postgres - idle0.postgres) / (performance.now() - t0);
    console.log(`idle server ${(idleRate * 1000).toFixed(1)} ms CPU/s`);
    for (const t of targets) {
      if (ONLY && !ONLY.includes(t.file)) continue;
      await cannon(t, Math.min(600, REQUESTS)); // warm-up
      if (PROF_DIR) process.kill(servePid(server), "SIGUSR2");
      const before = serverCpuMs(port)!;
      const started = performance.now();
      const r = await cannon(t, REQUESTS);
      const wall = performance.now() - started;
      const after = serverCpuMs(port)!;
      if (PROF_DIR) {
        process.kill(servePid(server), "SIGUSR2");
        await new Promise((res) => setTimeout(res, 1500));
        const pid = servePid(server);
        const written = readdirSync(PROF_DIR).find((f) => f === `${pid}.cpuprofile`);
        if (written) renameSync(join(PROF_DIR, written), join(PROF_DIR, `${t.file}.cpuprofile`));
      }
      const n = r.requests.total;
      const server_ = (after.server - before.server - idleRate * wall) / n;
      const pg = (after.postgres - before.postgres - idlePg * wall) / n;
      console.log(
        `${t.name.padEnd(34)} ${n} requests, ${Math.round(n / (wall / 1000))} req/s, p50 ${r.latency.p50} ms; ` +
          `CPU/request server ${(server_ * 1000).toFixed(0)} µs, PostgreSQL ${(pg * 1000).toFixed(0)} µs` +
          (r.non2xx || r.errors ? ` (non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts})` : ""),
      );
    }
    console.log(`load average at the end: ${load()}`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

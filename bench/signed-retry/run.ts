// bench/signed-retry: (1) in-process stamp verifications per second (parse the
// Service-Wallet-Signature header + ECDSA verify with node:crypto), with cached
// keys (target >= 5,000/s) and with a fresh key every time; (2) full challenge +
// signed retry round trips per second over HTTP (PATCH /internal-accounts/{id}:
// first call 202, stamped retry 200), with several concurrent wallets.
//   npm run bench:signed-retry   (BENCH_SECONDS=10, BENCH_CONCURRENCY=8 by default)
import { createECDH, createPrivateKey, sign, type KeyObject } from "node:crypto";
import { encryptOtpCodeToBundle } from "@turnkey/crypto";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { parseStamp, verifyStamp } from "../../lib/crypto/stamp";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

interface Key {
  privateKey: KeyObject;
  publicKey: string;
}

function newKey(): Key {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const pub = ecdh.getPublicKey();
  const jwk = {
    kty: "EC",
    crv: "P-256",
    d: ecdh.getPrivateKey().toString("base64url"),
    x: pub.subarray(1, 33).toString("base64url"),
    y: pub.subarray(33).toString("base64url"),
  };
  return {
    privateKey: createPrivateKey({ key: jwk, format: "jwk" }),
    publicKey: ecdh.getPublicKey("hex", "compressed"),
  };
}

/** The same envelope @turnkey/api-key-stamper produces (DER signature over the payload's SHA-256). */
function stamp(key: Key, payload: string): string {
  const signature = sign("sha256", Buffer.from(payload), key.privateKey).toString("hex");
  return Buffer.from(
    JSON.stringify({ publicKey: key.publicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature }),
  ).toString("base64url");
}

function timed(label: string, ms: number, fn: () => void): number {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) {
    fn();
    n++;
  }
  const rate = Math.round(n / (ms / 1000));
  console.log(`${label.padEnd(52)} ${rate.toLocaleString("en-US").padStart(8)} /s`);
  return rate;
}

function inProcess() {
  console.log("in-process stamp verification (one core)");
  const payload = JSON.stringify({
    organizationId: "InternalAccount:x",
    parameters: { privateEnabled: true },
    requestId: "Request:y",
    timestampMs: "1",
    type: "ACTIVITY_TYPE_UPDATE_WALLET",
  });
  const keys = Array.from({ length: 16 }, newKey);
  const headers = keys.map((k) => stamp(k, payload));
  for (const h of headers) if (!verifyStamp(parseStamp(h), payload)) throw new Error("stamp did not verify");
  let i = 0;
  const ms = Math.min(seconds, 5) * 1000;
  const parsed = headers.map((h) => parseStamp(h));
  const bare = timed("baseline: node:crypto verify only, pre-parsed", ms, () => {
    verifyStamp(parsed[i++ % parsed.length], payload);
  });
  const cached = timed("parse + verify, cached key (16 session keys)", ms, () => {
    verifyStamp(parseStamp(headers[i++ % headers.length]), payload);
  });
  const fresh = Array.from({ length: 3000 }, () => {
    const k = newKey();
    return stamp(k, payload);
  });
  let j = 0;
  const uncached = timed("parse + verify, key never seen before", Math.min(ms, 1000), () => {
    verifyStamp(parseStamp(fresh[j++ % fresh.length]), payload);
  });
  console.log(`header parsing costs ${(100 - (cached / bare) * 100).toFixed(0)} % of the cached-key rate`);
  return { cached, uncached };
}

async function json(res: Response) {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

async function setupWallet(server: TestServer, auth: Record<string, string>, n: number) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const customer = await json(
    await post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Bench Wallet",
      email: `bench-${n}-${Date.now()}@example.com`,
    }),
  );
  const accounts = await json(
    await fetch(`${server.baseUrl}/customers/internal-accounts?customerId=${customer.id}&type=EMBEDDED_WALLET`, {
      headers: auth,
    }),
  );
  const accountId: string = accounts.data[0].id;
  const cred = await json(await post("/auth/credentials", { type: "EMAIL_OTP", accountId }));
  const key = newKey();
  const signer = JSON.parse(cred.otpEncryptionTargetBundle).enclaveQuorumPublic;
  const body = {
    type: "EMAIL_OTP",
    encryptedOtpBundle: await encryptOtpCodeToBundle("000000", cred.otpEncryptionTargetBundle, key.publicKey, signer),
  };
  const first = await json(await post(`/auth/credentials/${cred.id}/verify`, body));
  const session = await post(`/auth/credentials/${cred.id}/verify`, body, {
    "Service-Wallet-Signature": stamp(key, first.payloadToSign),
    "Request-Id": first.requestId,
  });
  if (session.status !== 200) throw new Error(`login failed: ${session.status} ${await session.text()}`);
  return { accountId, key };
}

async function overHttp() {
  console.log("");
  console.log(
    `HTTP: challenge + signed retry (PATCH /internal-accounts/{id}), ${concurrency} wallets in parallel, ${seconds} s`,
  );
  console.log("starting Meridian (production build, embedded PostgreSQL)...");
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  try {
    const auth = {
      authorization: `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`,
    };
    const wallets = await Promise.all(Array.from({ length: concurrency }, (_, n) => setupWallet(server, auth, n)));
    const latencies: number[] = [];
    let failures = 0;
    let stopAt = 0;
    // Baseline in the same run: the same clients doing authenticated GET /config.
    let configCount = 0;
    const configWorker = async () => {
      while (performance.now() < stopAt) {
        const r = await fetch(`${server.baseUrl}/config`, { headers: auth });
        await r.arrayBuffer();
        configCount++;
      }
    };
    stopAt = performance.now() + Math.min(seconds, 5) * 1000;
    const configStarted = performance.now();
    await Promise.all(wallets.map(configWorker));
    const configRate = Math.round(configCount / ((performance.now() - configStarted) / 1000));
    console.log(`baseline: GET /config with the same ${concurrency} clients: ${configRate} requests/s`);
    const worker = async (w: { accountId: string; key: Key }) => {
      let flag = false;
      while (performance.now() < stopAt) {
        flag = !flag;
        const body = JSON.stringify({ privateEnabled: flag });
        const url = `${server.baseUrl}/internal-accounts/${w.accountId}`;
        const started = performance.now();
        const first = await fetch(url, {
          method: "PATCH",
          headers: { ...auth, "content-type": "application/json" },
          body,
        });
        const challenge = await json(first);
        const retry = await fetch(url, {
          method: "PATCH",
          headers: {
            ...auth,
            "content-type": "application/json",
            "Service-Wallet-Signature": stamp(w.key, challenge.payloadToSign),
            "Request-Id": challenge.requestId,
          },
          body,
        });
        await retry.arrayBuffer();
        if (first.status !== 202 || retry.status !== 200) failures++;
        else latencies.push(performance.now() - started);
      }
    };
    stopAt = performance.now() + 2000;
    await Promise.all(wallets.map(worker)); // warm-up
    latencies.length = 0;
    failures = 0;
    const started = performance.now();
    stopAt = started + seconds * 1000;
    await Promise.all(wallets.map(worker));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
    const rate = Math.round(latencies.length / elapsed);
    console.log(
      `round trips: ${latencies.length} in ${elapsed.toFixed(1)} s = ${rate} ` +
        `/s (${rate * 2} requests/s); p50 ${pct(50)} ms, p99 ${pct(99)} ms; failures ` +
        `${failures}`,
    );
    return rate;
  } finally {
    await server.stop();
  }
}

async function main() {
  const { cached } = inProcess();
  console.log(`cached-key verification target >= 5,000/s: ${cached >= 5000 ? "met" : "NOT met"}`);
  await overHttp();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

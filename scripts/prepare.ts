// The database work of `npm start`, in a short-lived child of the launcher
// (scripts/start.mjs) so the launcher, which stays up beside the server to
// supervise it, never loads tsx, zod or a Prisma client (together ~100 MB
// resident for the whole life of the server). Protocol, over the IPC channel:
//   1. it checks the settings (lib/env.ts) and sends {type: "settings-ok"} (or exits 1 with the reason),
//   2. it waits for {type: "database", url} (the launcher starts the embedded PostgreSQL meanwhile),
//   3. it applies the migrations, makes sure the sandbox platform and the first admin operator
//      exist, sends {type: "prepared", ...} and exits.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/db/generated/client";
import { migrate } from "../lib/db/migrate";
import { ensureSandboxPlatform } from "../lib/domain/platform/platforms";
import { env } from "../lib/env";
import { SANDBOX_OTP_CODE, SANDBOX_SCA_CODE } from "../lib/sandbox/sca";
import { sandboxInboxUrlAt } from "../lib/sandbox/webhook-inbox";
import { ensureFirstOperator } from "./first-run";

const say = (msg: string) => {
  if (process.env.MERIDIAN_QUIET !== "1") process.stderr.write(`[meridian] ${msg}\n`);
};

/**
 * The built-in webhook receiver the sandbox platform starts with: on in the sandbox unless
 * MERIDIAN_SANDBOX_WEBHOOK_INBOX=off (the test servers, whose platform starts without an endpoint).
 */
function builtInReceiver(): string | undefined {
  if ((process.env.MERIDIAN_ENVIRONMENT ?? "sandbox") !== "sandbox") return undefined;
  if (process.env.MERIDIAN_SANDBOX_WEBHOOK_INBOX === "off") return undefined;
  // Deliveries to the app's own (loopback) origin need private targets, the sandbox default.
  if (process.env.MERIDIAN_WEBHOOK_ALLOW_PRIVATE === "off") return undefined;
  return sandboxInboxUrlAt(process.env.APP_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`);
}

function send(message: object): Promise<void> {
  return new Promise((resolve, reject) => process.send!(message, undefined, {}, (e) => (e ? reject(e) : resolve())));
}

function databaseUrl(): Promise<string> {
  return new Promise((resolve) => {
    const onMessage = (m: { type?: string; url?: string }) => {
      if (m?.type !== "database" || !m.url) return;
      process.off("message", onMessage);
      resolve(m.url);
    };
    process.on("message", onMessage);
  });
}

async function main() {
  if (!process.send) throw new Error("scripts/prepare.ts runs as a child of scripts/start.mjs");
  // A bad setting stops here, before the database starts, with the reason.
  env();
  await send({ type: "settings-ok" });
  const url = await databaseUrl();
  const result = await migrate(url, { onProgress: say });
  say(`database ready (${result.applied.length} migration(s) applied, ${result.alreadyApplied} already present)`);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }) });
  try {
    const sandbox = await ensureSandboxPlatform(prisma, {
      umaDomain: process.env.MERIDIAN_UMA_DOMAIN ?? "sandbox.meridian.local",
      clientId: process.env.MERIDIAN_CLIENT_ID,
      clientSecret: process.env.MERIDIAN_CLIENT_SECRET,
      webhookEndpoint: builtInReceiver(),
    });
    const admin = await ensureFirstOperator(prisma, process.env.MERIDIAN_DATA_DIR ?? ".data");
    await send({ type: "prepared", ...sandbox, admin, otpCode: SANDBOX_OTP_CODE, scaCode: SANDBOX_SCA_CODE });
  } finally {
    await prisma.$disconnect();
  }
  process.disconnect();
}

main().catch((err) => {
  process.stderr.write(`[meridian] could not start: ${(err as Error).message}\n`);
  process.exit(1);
});

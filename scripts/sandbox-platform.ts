// Makes sure the sandbox platform and the first admin operator exist and prints
// what scripts/start.ts needs as JSON on stdout. It runs in its own short-lived process so the launcher, which
// stays up beside the server to supervise it, never loads a Prisma client (about
// 100 MB resident for the whole life of the server).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/db/generated/client";
import { ensureSandboxPlatform } from "../lib/domain/platform/platforms";
import { sandboxInboxUrlAt } from "../lib/sandbox/webhook-inbox";
import { ensureFirstOperator } from "./first-run";

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

async function main() {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 2 }) });
  try {
    const sandbox = await ensureSandboxPlatform(prisma, {
      umaDomain: process.env.MERIDIAN_UMA_DOMAIN ?? "sandbox.meridian.local",
      clientId: process.env.MERIDIAN_CLIENT_ID,
      clientSecret: process.env.MERIDIAN_CLIENT_SECRET,
      webhookEndpoint: builtInReceiver(),
    });
    const admin = await ensureFirstOperator(prisma, process.env.MERIDIAN_DATA_DIR ?? ".data");
    process.stdout.write(JSON.stringify({ ...sandbox, admin }));
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((err) => {
  process.stderr.write(`[meridian] could not prepare the sandbox platform: ${(err as Error).message}\n`);
  process.exit(1);
});

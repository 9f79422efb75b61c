// Makes sure the sandbox platform and the first admin operator exist and prints
// what scripts/start.ts needs as JSON on stdout. It runs in its own short-lived process so the launcher, which
// stays up beside the server to supervise it, never loads a Prisma client (about
// 100 MB resident for the whole life of the server).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/db/generated/client";
import { ensureSandboxPlatform } from "../lib/domain/platform/platforms";
import { ensureFirstOperator } from "./first-run";

async function main() {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 2 }) });
  try {
    const sandbox = await ensureSandboxPlatform(prisma, {
      umaDomain: process.env.MERIDIAN_UMA_DOMAIN ?? "sandbox.meridian.local",
      clientId: process.env.MERIDIAN_CLIENT_ID,
      clientSecret: process.env.MERIDIAN_CLIENT_SECRET,
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

// What a new installation needs before anyone can try every page: the first
// operator of the admin section. MERIDIAN_ADMIN_EMAIL and MERIDIAN_ADMIN_PASSWORD
// win when set; otherwise, while no staff account exists, one is created with a
// generated password, saved (mode 0600) beside the sandbox API credentials and
// printed by `npm start` on every start until someone deletes the file.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PrismaClient } from "../lib/db/generated/client";
import { hashSecret, randomToken } from "../lib/crypto/secrets";
import { newUuid } from "../lib/ids";

export const DEFAULT_ADMIN_EMAIL = "admin@meridian.local";

export interface AdminLogin {
  email: string;
  /** Null when it is not ours to show (set by the environment or made elsewhere). */
  password: string | null;
  source: "environment" | "generated" | "existing";
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === "P2002";
}

async function createOperator(prisma: PrismaClient, email: string, password: string): Promise<boolean> {
  try {
    await prisma.staffUser.create({
      data: {
        id: newUuid(),
        email,
        name: "First operator",
        role: "operator",
        passwordHash: await hashSecret(password),
      },
    });
    return true;
  } catch (err) {
    // Another instance of the same installation created it a moment earlier.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export async function ensureFirstOperator(
  prisma: PrismaClient,
  dataDir: string,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<AdminLogin | null> {
  const envEmail = environment.MERIDIAN_ADMIN_EMAIL?.trim().toLowerCase();
  if (envEmail && environment.MERIDIAN_ADMIN_PASSWORD) {
    const exists = await prisma.staffUser.findUnique({ where: { email: envEmail }, select: { id: true } });
    if (!exists) await createOperator(prisma, envEmail, environment.MERIDIAN_ADMIN_PASSWORD);
    return { email: envEmail, password: null, source: "environment" };
  }
  const file = join(dataDir, "admin-credentials.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { email: string; password: string };
    return { email: saved.email, password: saved.password, source: "generated" };
  }
  const first = await prisma.staffUser.findFirst({ orderBy: { createdAt: "asc" }, select: { email: true } });
  if (first) return { email: first.email, password: null, source: "existing" };
  const email = envEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = randomToken("", 18);
  if (!(await createOperator(prisma, email, password))) return { email, password: null, source: "existing" };
  writeFileSync(file, JSON.stringify({ email, password }, null, 2), { mode: 0o600 });
  return { email, password, source: "generated" };
}

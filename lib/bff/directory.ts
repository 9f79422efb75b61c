// The web app's customer directory (table web_customer_logins): sign-up makes
// the Customer through the API and remembers how that person signs in.
import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { db, isUniqueViolation } from "../db/client";
import { newUuid, parseApiId, toApiId } from "../ids";
import { api, BffError } from "./client";

export const SignupInput = z.object({
  fullName: z.string().trim().min(1, "Enter your full name").max(255),
  email: z.email("Enter a valid email address").max(255).transform((e) => e.toLowerCase()),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number in international format, e.g. +14155550123")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type SignupInput = z.infer<typeof SignupInput>;

export interface LoginRow {
  customerId: string;
  accountId: string;
}

const apiIds = (row: { customerId: string; accountId: string }): LoginRow => ({
  customerId: toApiId("Customer", row.customerId),
  accountId: toApiId("InternalAccount", row.accountId),
});

export async function signUpCustomer(input: SignupInput): Promise<LoginRow> {
  const taken = await db().webCustomerLogin.findFirst({
    where: { OR: [{ email: input.email }, ...(input.phoneNumber ? [{ phoneNumber: input.phoneNumber }] : [])] },
    select: { id: true },
  });
  if (taken) throw new BffError(409, "ALREADY_SIGNED_UP", "An account with this email or phone number already exists. Sign in instead.");
  const customer = await api.post<{ id: string }>("/customers", {
    customerType: "INDIVIDUAL",
    platformCustomerId: `web-${randomUUID()}`,
    fullName: input.fullName,
    email: input.email,
    ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
  });
  const accounts = await api.get<{ data: { id: string }[] }>(`/customers/internal-accounts?customerId=${encodeURIComponent(customer.body.id)}&type=EMBEDDED_WALLET`);
  const wallet = accounts.body.data[0];
  if (!wallet) throw new BffError(502, "NO_WALLET", "Your account was created without a wallet. Contact support.");
  const row = { customerId: parseApiId("Customer", customer.body.id)!, accountId: parseApiId("InternalAccount", wallet.id)! };
  try {
    await db().webCustomerLogin.create({ data: { id: newUuid(), ...row, email: input.email, phoneNumber: input.phoneNumber ?? null } });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BffError(409, "ALREADY_SIGNED_UP", "An account with this email or phone number already exists. Sign in instead.");
    throw err;
  }
  return apiIds(row);
}

export async function findLogin(by: { email?: string; phoneNumber?: string; oauthSubject?: string; accountId?: string }): Promise<LoginRow | null> {
  const accountUuid = by.accountId ? parseApiId("InternalAccount", by.accountId) : undefined;
  const where = by.email
    ? { email: by.email.trim().toLowerCase() }
    : by.phoneNumber
      ? { phoneNumber: by.phoneNumber.trim() }
      : by.oauthSubject
        ? { oauthSubject: by.oauthSubject }
        : accountUuid
          ? { accountId: accountUuid }
          : null;
  if (!where) return null;
  const row = await db().webCustomerLogin.findFirst({ where, select: { customerId: true, accountId: true } });
  return row ? apiIds(row) : null;
}

export async function rememberOauthSubject(accountId: string, oauthSubject: string): Promise<void> {
  const uuid = parseApiId("InternalAccount", accountId);
  if (!uuid) return;
  try {
    await db().webCustomerLogin.update({ where: { accountId: uuid }, data: { oauthSubject } });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BffError(409, "OAUTH_IDENTITY_TAKEN", "This sign-in identity already belongs to another account.");
    throw err;
  }
}

// The web app's customer directory: sign-up makes the Customer through the API
// and remembers how that person signs in (lib/domain/web/customer-logins.ts).
// Signing up with an email or phone number that already has an account answers
// like a new sign-up (decoy ids, nothing created) and tells the account's
// holder by a message instead, so sign-up does not reveal who has an account.
import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { parseApiId, toApiId } from "../ids";
import { api, BffError } from "./client";
import { env } from "../env";
import { log } from "../log";
import { otpSender } from "../domain/wallet-auth/otp";
import { decoyAccount } from "./decoys";
import { holderOfAddress, loginBy, recordLogin, setOauthSubject } from "../domain/web/customer-logins";

export const SignupInput = z.object({
  fullName: z.string().trim().min(1, "Enter your full name").max(255),
  email: z
    .email("Enter a valid email address")
    .max(255)
    .transform((e) => e.toLowerCase()),
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

export interface SignupOutcome {
  login: LoginRow;
  /** The address already had an account: `login` is a decoy and nothing was created. */
  existing: boolean;
}

/** Outside the sandbox, the holder of an existing account learns that someone tried to sign up with its address. */
async function tellExistingHolder(holder: {
  email: string | null;
  phoneNumber: string | null;
}): Promise<SignupOutcome> {
  if (env().MERIDIAN_ENVIRONMENT === "production") {
    const notice =
      "Someone tried to create a Meridian account with this address, which already " +
      "has an account. If it was you, sign in instead. If not, you can ignore " +
      "this message.";
    const message = holder.email
      ? { channel: "EMAIL" as const, to: holder.email }
      : { channel: "SMS" as const, to: holder.phoneNumber ?? "" };
    await otpSender()
      .send({ ...message, code: "", notice })
      .catch((err) => log.error({ err }, "sign-up notice to an existing account could not be sent"));
  }
  return {
    login: decoyAccount(holder.email ? { email: holder.email } : { phoneNumber: holder.phoneNumber ?? "" }),
    existing: true,
  };
}

export async function signUpCustomer(input: SignupInput): Promise<SignupOutcome> {
  const taken = await holderOfAddress(input.email, input.phoneNumber);
  if (taken) return tellExistingHolder(taken);
  const customer = await api.post<{ id: string }>("/customers", {
    customerType: "INDIVIDUAL",
    // Ends in a letter: a sandbox suffix rule (three digits, e.g. card issuance "001" = stays PROCESSING) must never
    // steer a web customer by chance, as a UUID's last three hex digits did about once in 1,400 sign-ups.
    platformCustomerId: `web-${randomUUID()}-w`,
    fullName: input.fullName,
    email: input.email,
    ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
  });
  const accounts = await api.get<{ data: { id: string }[] }>(
    `/customers/internal-accounts?customerId=${encodeURIComponent(customer.body.id)}&type=EMBEDDED_WALLET`,
  );
  const wallet = accounts.body.data[0];
  if (!wallet) throw new BffError(502, "NO_WALLET", "Your account was created without a wallet. Contact support.");
  const row = {
    customerId: parseApiId("Customer", customer.body.id)!,
    accountId: parseApiId("InternalAccount", wallet.id)!,
  };
  if (!(await recordLogin({ ...row, email: input.email, phoneNumber: input.phoneNumber ?? null }))) {
    // A concurrent sign-up with the same address won: this one becomes the existing-account answer.
    const winner = await holderOfAddress(input.email, input.phoneNumber);
    return tellExistingHolder(winner ?? { email: input.email, phoneNumber: null });
  }
  return { login: apiIds(row), existing: false };
}

export async function findLogin(by: {
  email?: string;
  phoneNumber?: string;
  oauthSubject?: string;
  accountId?: string;
}): Promise<LoginRow | null> {
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
  const row = await loginBy(where);
  return row ? apiIds(row) : null;
}

export async function rememberOauthSubject(accountId: string, oauthSubject: string): Promise<void> {
  const uuid = parseApiId("InternalAccount", accountId);
  if (!uuid) return;
  if (!(await setOauthSubject(uuid, oauthSubject)))
    throw new BffError(409, "OAUTH_IDENTITY_TAKEN", "This sign-in identity already belongs to another account.");
}

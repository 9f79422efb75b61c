// How each web customer signs in (table web_customer_logins, the web tier's own
// directory): the Customer and its embedded wallet account, by email, phone
// number or OAuth subject. Ids here are the database's uuids.
import "server-only";
import { db, isUniqueViolation } from "../../db/client";
import { newUuid } from "../../ids";

export interface LoginIds {
  customerId: string;
  accountId: string;
}

type LoginKey = { email: string } | { phoneNumber: string } | { oauthSubject: string } | { accountId: string };

/** The sign-in addresses of the login that already holds this email or phone number. */
export function holderOfAddress(
  email: string,
  phoneNumber?: string,
): Promise<{ email: string | null; phoneNumber: string | null } | null> {
  const where = { OR: [{ email }, ...(phoneNumber ? [{ phoneNumber }] : [])] };
  return db().webCustomerLogin.findFirst({ where, select: { email: true, phoneNumber: true } });
}

/** Records a new login; false when another login already holds its email or phone number. */
export async function recordLogin(row: LoginIds & { email: string; phoneNumber: string | null }): Promise<boolean> {
  try {
    await db().webCustomerLogin.create({ data: { id: newUuid(), ...row } });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export function loginBy(key: LoginKey): Promise<LoginIds | null> {
  return db().webCustomerLogin.findFirst({ where: key, select: { customerId: true, accountId: true } });
}

/** Links an OAuth identity to the account's login; false when it belongs to another account. */
export async function setOauthSubject(accountId: string, oauthSubject: string): Promise<boolean> {
  try {
    await db().webCustomerLogin.update({ where: { accountId }, data: { oauthSubject } });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

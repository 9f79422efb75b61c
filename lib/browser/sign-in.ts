// Opening the web session with one of next-auth's credentials providers, from a
// page (no redirect). next-auth's signIn reads the answer as JSON naming a `url`;
// while the database is unavailable the route answers 503 in the spec's error
// body instead (lib/bff/route.ts, outageAware), and signIn throws on it: that
// becomes an error in people's words, as a network failure does.
import "client-only";
import { signIn, type SignInResponse } from "next-auth/react";
import { ERROR_WORDS } from "../kernel/wording";

export async function signInWith(
  provider: "staff" | "customer",
  credentials: Record<string, string>,
): Promise<SignInResponse | undefined> {
  try {
    return await signIn(provider, { ...credentials, redirect: false });
  } catch {
    throw new Error(ERROR_WORDS.SERVICE_UNAVAILABLE);
  }
}

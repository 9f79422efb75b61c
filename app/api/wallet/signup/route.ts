// POST /api/wallet/signup – a person signs up: the BFF creates the Customer
// (with its embedded wallet) and returns an enrollment token for registering
// the wallet's first credential. An address that already has an account gets
// the same 201 (an enrollment that leads nowhere) and its holder is told by
// message, so sign-up does not reveal who has an account.
import { json, route } from "@/lib/bff/route";
import { SignupInput, signUpCustomer } from "@/lib/bff/directory";
import { issueEnrollment } from "@/lib/bff/auth/ticket";

export const POST = route({ audience: "public", body: SignupInput }, async ({ body }) => {
  const { login, existing } = await signUpCustomer(body);
  return json(201, { enrollment: await issueEnrollment({ ...login, existing: existing ? "1" : "0" }) });
});

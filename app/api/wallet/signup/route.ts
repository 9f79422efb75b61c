// POST /api/wallet/signup – a person signs up: the BFF creates the Customer
// (with its embedded wallet) and returns an enrollment token for registering
// the wallet's first credential.
import { json, publicRoute } from "@/lib/bff/route";
import { SignupInput, signUpCustomer } from "@/lib/bff/directory";
import { issueEnrollment } from "@/lib/auth/ticket";

export const POST = publicRoute({ body: SignupInput }, async ({ body }) => {
  const login = await signUpCustomer(body);
  return json(201, { enrollment: await issueEnrollment(login) });
});

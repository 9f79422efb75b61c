// The sandbox's built-in webhook receiver: an endpoint Meridian hosts for its
// platform, so a new operator can try approvals, deliveries and the test button
// without running a server. It checks each delivery's signature with the API's
// published signing key and acknowledges it; the delivery itself is recorded
// by the outbox (admin → Webhooks). Sandbox only.
import "server-only";
import { createVerify } from "node:crypto";
import { appOrigin, env } from "../env";
import { sandboxInboxUrlAt } from "../sandbox/webhook-inbox";
import { api, BffError } from "./client";

/** The receiver's URL, as the platform configuration names it. */
export function sandboxInboxUrl(): string {
  return sandboxInboxUrlAt(appOrigin());
}

let keyCache: Promise<{ publicKeyPem: string; header: string }> | undefined;

function signingKey() {
  keyCache ??= api
    .get<{ publicKeyPem: string; header: string }>("/webhooks/signing-key")
    .then((r) => r.body)
    .catch((err) => {
      keyCache = undefined;
      throw err;
    });
  return keyCache;
}

/** Accepts a delivery whose signature verifies; refuses anything else. */
export async function receiveSandboxWebhook(request: Request): Promise<{ received: true; type: string }> {
  if (env().MERIDIAN_ENVIRONMENT !== "sandbox")
    throw new BffError(404, "NOT_FOUND", "The built-in webhook receiver exists only in the sandbox.");
  const body = await request.text();
  const key = await signingKey();
  const signature = request.headers.get(key.header) ?? "";
  const verifier = createVerify("sha256");
  verifier.update(body, "utf8");
  let valid = false;
  try {
    valid = signature !== "" && verifier.verify(key.publicKeyPem, Buffer.from(signature, "base64"));
  } catch {
    valid = false;
  }
  if (!valid) throw new BffError(401, "INVALID_SIGNATURE", "This delivery is not signed by Meridian.");
  let type = "UNKNOWN";
  try {
    type = String((JSON.parse(body) as { type?: unknown }).type ?? "UNKNOWN");
  } catch {
    throw new BffError(400, "INVALID_REQUEST_FORMAT", "The delivery body is not JSON.");
  }
  return { received: true, type };
}

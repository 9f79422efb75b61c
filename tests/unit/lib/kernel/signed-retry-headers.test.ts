// The signed retry has one pair of header names, shared by the API, the BFF and
// the browser; x-request-id stays the tracing id and never carries a challenge.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../../../../lib/kernel/signed-retry-headers";
import { SIGNED_RETRY_HEADERS } from "../../../../lib/api/signed-retry";

describe("signed-retry headers", () => {
  it("are the API's wire names, and the OpenAPI document names the same pair", () => {
    expect([WALLET_SIGNATURE_HEADER, SIGNED_REQUEST_ID_HEADER]).toEqual(["Service-Wallet-Signature", "Request-Id"]);
    expect(SIGNED_RETRY_HEADERS.map((h) => h.name)).toEqual([WALLET_SIGNATURE_HEADER, SIGNED_REQUEST_ID_HEADER]);
  });

  it("are not spelled a second way in the BFF or the browser", () => {
    const files = execFileSync("git", ["ls-files", "app/api/wallet", "lib/bff", "lib/browser", "components"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter((f) => /\.tsx?$/.test(f));
    // x-request-id may be set on a response (tracing); it is never read as a challenge id.
    const respelled = files.filter((f) =>
      /["']x-wallet-signature["']|\.(get|has)\(\s*["']x-request-id["']/i.test(readFileSync(f, "utf8")),
    );
    expect(respelled).toEqual([]);
  });
});

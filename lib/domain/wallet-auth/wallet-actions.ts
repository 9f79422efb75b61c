// POST /internal-accounts/{id}/export and PATCH /internal-accounts/{id}: wallet
// actions approved by a signed retry of one of the wallet's sessions.
import "server-only";
import { entropyToMnemonic } from "@scure/bip39";
import { wordlist as english } from "@scure/bip39/wordlists/english.js";
import { db } from "../../db/client";
import type { SignedCall, WalletCall, WalletOutcome } from "../common/call";
import { toApiId } from "../../ids";
import { deriveKey } from "../../crypto/keys";
import { hpkeSeal } from "../../crypto/hpke";
import { serializeInternalAccount } from "../accounts/internal-accounts";
import { signedRetry } from "./signed-retry";
import { activityPayload } from "./payloads";
import { loadWallet, parseAccountId } from "./wallets";
import { signedEnvelope } from "./otp";

/**
 * The wallet's secret: 32 bytes derived from the installation secret and the
 * account id, so it is never stored. Nothing else is derived from it.
 */
function walletSeed(accountId: string): Buffer {
  return deriveKey(`embedded-wallet-seed:${accountId}`, 32);
}

/**
 * What the export carries: the BIP-39 English mnemonic whose entropy is the
 * 32-byte seed (24 words). Wallets exported before as a raw seed keep the same
 * secret: mnemonicToEntropy(mnemonic) is that seed.
 */
function walletMnemonic(accountId: string): string {
  return entropyToMnemonic(walletSeed(accountId), english);
}

export async function exportWallet(input: {
  ctx: WalletCall;
  id: string;
  clientPublicKey: string;
  call: SignedCall;
}): Promise<WalletOutcome<{ id: string; encryptedWalletCredentials: string }>> {
  const { ctx } = input;
  const wallet = await loadWallet(db(), ctx.platformId, parseAccountId(input.id, "id"));
  const org = toApiId("InternalAccount", wallet.id);
  // Nothing to commit: the export changes nothing, so a repeat after a crash simply exports again.
  const r = await signedRetry<never>({
    ctx,
    call: input.call,
    accountId: wallet.id,
    purpose: "wallet.export",
    payloadToSign: (requestId) =>
      activityPayload(ctx.clock, "EXPORT_WALLET", org, requestId, {
        targetPublicKey: input.clientPublicKey,
        walletId: org,
      }),
  });
  if (r.kind !== "approved") return r;
  const { enc, ciphertext } = hpkeSeal(
    Buffer.from(walletMnemonic(wallet.id), "utf8"),
    Buffer.from(input.clientPublicKey, "hex"),
  );
  const data = Buffer.from(
    JSON.stringify({
      encappedPublic: enc.toString("hex"),
      ciphertext: ciphertext.toString("hex"),
      organizationId: org,
    }),
  );
  return { kind: "done", value: { id: org, encryptedWalletCredentials: signedEnvelope(data) } };
}

type AccountBody = ReturnType<typeof serializeInternalAccount>;

export async function updateWallet(input: {
  ctx: WalletCall;
  id: string;
  privateEnabled: boolean;
  call: SignedCall;
}): Promise<WalletOutcome<AccountBody>> {
  const { ctx } = input;
  const wallet = await loadWallet(db(), ctx.platformId, parseAccountId(input.id, "id"));
  const org = toApiId("InternalAccount", wallet.id);
  const r = await signedRetry<AccountBody>({
    ctx,
    call: input.call,
    accountId: wallet.id,
    purpose: "wallet.update",
    payloadToSign: (requestId) =>
      activityPayload(ctx.clock, "UPDATE_WALLET", org, requestId, {
        privateEnabled: input.privateEnabled,
        walletId: org,
      }),
  });
  if (r.kind !== "approved") return r;
  const value = await db().$transaction(async (tx) => {
    const row = await tx.internalAccount.update({
      where: { id: wallet.id },
      data: { privateEnabled: input.privateEnabled },
    });
    const body = serializeInternalAccount(row);
    await r.commit(tx, body);
    return body;
  });
  return { kind: "done", value };
}

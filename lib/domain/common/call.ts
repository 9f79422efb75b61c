// What the embedded-wallet flows take and answer, in domain terms. lib/api
// reads the signed-retry headers and hashes the request into a SignedCall, and
// turns a WalletOutcome into HTTP (the 202 challenge, the still-processing 200
// with Retry-After, or the flow's own status).
import type { Clock } from "../../clock";

/** The calling platform, the clock, and a hook to run work once the response is decided. */
export interface WalletCall {
  platformId: string;
  clock: Clock;
  /** Runs fn once the handler has returned or thrown, before the response is sent. */
  defer?: (fn: () => Promise<unknown>) => void;
}

/** The stamp and the challenge's requestId a signed retry carries (either may be missing: a malformed retry). */
export interface SignedRetryProof {
  signature: string | null;
  requestId: string | null;
}

/** A call that may need the signed retry. */
export interface SignedCall {
  /** SHA-256 of method, path and raw body: the retry must repeat the first leg exactly. */
  fingerprint: string;
  /** Null on the first leg (neither signed-retry header sent). */
  retry: SignedRetryProof | null;
}

/** The first leg's answer: what the client signs to approve the action. */
export interface SignedChallenge {
  kind: "challenge";
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
  /** The credential type, echoed by flows that name one. */
  type?: string;
}

/** A repeat of a retry whose action is still running: nothing changes; ask again shortly. */
export interface StillProcessing {
  kind: "processing";
  requestId: string;
}

/** A flow's result: the action's value, or the signed-retry step the client must take first. */
export type WalletOutcome<T> = SignedChallenge | StillProcessing | { kind: "done"; value: T };

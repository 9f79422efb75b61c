// IndexedDB home of this browser's wallet session keys, one record per wallet
// session, keyed by the Session id. Records hold non-extractable CryptoKeys.
import "client-only";
import type { SessionKey } from "./session-keys";

const DB_NAME = "meridian-wallet";
const STORE = "session-keys";
const PENDING = "pending-oauth";

export interface StoredSessionKey extends SessionKey {
  sessionId: string;
  accountId: string;
  expiresAt: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { keyPath: "sessionId" });
      req.result.createObjectStore(PENDING, { keyPath: "state" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>, store = STORE): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = fn(db.transaction(store, mode).objectStore(store));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  } finally {
    db.close();
  }
}

export function saveSessionKey(k: StoredSessionKey): Promise<IDBValidKey> {
  return tx("readwrite", (s) => s.put(k));
}

export function loadSessionKey(sessionId: string): Promise<StoredSessionKey | undefined> {
  return tx("readonly", (s) => s.get(sessionId) as IDBRequest<StoredSessionKey | undefined>);
}

export function listSessionKeys(): Promise<StoredSessionKey[]> {
  return tx("readonly", (s) => s.getAll() as IDBRequest<StoredSessionKey[]>);
}

export function deleteSessionKey(sessionId: string): Promise<undefined> {
  return tx("readwrite", (s) => s.delete(sessionId));
}

/** An OAuth sign-in in progress across the provider redirect: its receiver key stays here, non-extractable. */
export interface PendingOauth {
  state: string;
  mode: "signup" | "signin" | "add";
  receiver: CryptoKeyPair;
  clientPublicKey: string;
  enrollment?: string;
  /** For "add": the session that signs the registration. */
  signerSessionId?: string;
  createdAt: number;
}

export function savePendingOauth(p: PendingOauth): Promise<IDBValidKey> {
  return tx("readwrite", (s) => s.put(p), PENDING);
}

/** Reads and deletes the pending sign-in of `state` (single use). */
export async function takePendingOauth(state: string): Promise<PendingOauth | undefined> {
  const p = await tx("readonly", (s) => s.get(state) as IDBRequest<PendingOauth | undefined>, PENDING);
  await tx("readwrite", (s) => s.delete(state), PENDING);
  return p;
}

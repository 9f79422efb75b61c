// IndexedDB home of this browser's wallet session keys, one record per wallet
// session, keyed by the Session id. Records hold non-extractable CryptoKeys.
import type { SessionKey } from "./session-keys";

const DB_NAME = "meridian-wallet";
const STORE = "session-keys";

export interface StoredSessionKey extends SessionKey {
  sessionId: string;
  accountId: string;
  expiresAt: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "sessionId" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = fn(db.transaction(STORE, mode).objectStore(STORE));
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

export function clearSessionKeys(): Promise<undefined> {
  return tx("readwrite", (s) => s.clear());
}

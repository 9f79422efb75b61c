// Resource ids are "<Type>:<uuid>" with time-ordered UUIDv7s; the database keeps
// the bare uuid. Time order makes ids usable as stable pagination cursors.
import { v7 as uuidv7 } from "uuid";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newUuid(): string {
  return uuidv7();
}

export function toApiId(type: string, uuid: string): string {
  return `${type}:${uuid}`;
}

/** The uuid inside "<type>:<uuid>", or null when the string is not such an id. */
export function parseApiId(type: string, id: string): string | null {
  const prefix = `${type}:`;
  if (!id.startsWith(prefix)) return null;
  const uuid = id.slice(prefix.length);
  return UUID_RE.test(uuid) ? uuid.toLowerCase() : null;
}

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

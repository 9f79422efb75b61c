// payloadToSign strings. Clients treat them as opaque; they follow the shape of
// Turnkey activities (alphabetically sorted keys, timestampMs as a string) so a
// signing UI can show what is being approved, and they carry the requestId so
// a stamp for one challenge can never match another.
import "server-only";
import type { Clock } from "../../clock";

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function activityPayload(
  clock: Clock,
  type: string,
  organizationId: string,
  requestId: string,
  parameters: Record<string, unknown>,
): string {
  return JSON.stringify(
    sorted({
      organizationId,
      parameters,
      requestId,
      timestampMs: String(clock.now().getTime()),
      type: `ACTIVITY_TYPE_${type}`,
    }),
  );
}

// JSON text for the wire and the database: money is BigInt in the database and a
// JSON integer on the wire.

function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value;
}

/**
 * JSON text of a value whose BigInts become JSON integers. A replacer makes V8
 * leave its fast serializer and call back for every key (~6 % of the server's
 * CPU per transfer went to serializing plans that way), and most values hold no
 * BigInt, so the plain serializer goes first; it throws at the first BigInt.
 */
export function toJsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(value, jsonReplacer);
  }
}

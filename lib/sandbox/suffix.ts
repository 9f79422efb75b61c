// The one suffix rule of every sandbox table (names, registration numbers,
// account identifiers, card descriptors): the last three characters of the
// value, ignoring surrounding spaces and, for a value with a domain part
// (alice002@bank.example), taken before the "@domain".
export function sandboxSuffix(value: string | undefined | null): string {
  const trimmed = (value ?? "").trim();
  const local = trimmed.includes("@") ? trimmed.slice(0, trimmed.lastIndexOf("@")) : trimmed;
  return local.slice(-3);
}

// Uploaded files are accepted by their content, never by name or declared type.
import "server-only";
export type SniffedType = "image/jpeg" | "image/png" | "application/pdf";

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export function sniffDocumentType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return "image/png";
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return "application/pdf";
  return null;
}

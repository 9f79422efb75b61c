import { describe, expect, it } from "vitest";
import { sniffDocumentType } from "@/lib/domain/documents/sniff";

describe("document content sniffing", () => {
  it("recognises JPEG, PNG and PDF by their magic bytes only", () => {
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00]))).toBe("image/jpeg");
    expect(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe("image/png");
    expect(sniffDocumentType(Buffer.from("%PDF-1.7\n"))).toBe("application/pdf");
  });

  it("rejects everything else, including truncated signatures and look-alikes", () => {
    expect(sniffDocumentType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffDocumentType(Buffer.from(" %PDF-1.7"))).toBeNull();
    expect(sniffDocumentType(Buffer.alloc(0))).toBeNull();
  });
});

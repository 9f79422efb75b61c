import { describe, expect, it } from "vitest";
import { parseBasicAuth } from "@/lib/api/auth";

const basic = (raw: string | Buffer) => `Basic ${Buffer.from(raw).toString("base64")}`;

describe("parseBasicAuth", () => {
  it("reads a client id and a secret that may hold colons and non-ASCII text", () => {
    expect(parseBasicAuth(basic("mcl_abc:msk_x:y"))).toEqual({ clientId: "mcl_abc", secret: "msk_x:y" });
    expect(parseBasicAuth(basic("ïd:sécret"))).toEqual({ clientId: "ïd", secret: "sécret" });
    expect(parseBasicAuth(`basic  ${Buffer.from("a:b").toString("base64")}`)).toEqual({ clientId: "a", secret: "b" });
  });

  it("refuses control characters (NUL included) in either part", () => {
    expect(parseBasicAuth(basic("mcl_abc:msk_secret\u0000"))).toBeNull();
    expect(parseBasicAuth(basic("mcl_abc:msk_secret\u0000\u0000\u0000"))).toBeNull();
    expect(parseBasicAuth(basic("mcl\u0000abc:msk_secret"))).toBeNull();
    expect(parseBasicAuth(basic("mcl_abc:msk\tsecret"))).toBeNull();
    expect(parseBasicAuth(basic("mcl_abc:msk_secret\u007f"))).toBeNull();
  });

  it("refuses invalid UTF-8, non-canonical base64, and missing parts", () => {
    expect(parseBasicAuth(basic(Buffer.from([0x61, 0x3a, 0xe0, 0xa4])))).toBeNull(); // truncated sequence
    expect(parseBasicAuth(basic(Buffer.from([0x61, 0x3a, 0xed, 0xa0, 0x80])))).toBeNull(); // encoded surrogate
    expect(parseBasicAuth("Basic YTpi=")).toBeNull();
    expect(parseBasicAuth("Basic YTpi")).toEqual({ clientId: "a", secret: "b" });
    expect(parseBasicAuth("Basic YTpiYw")).toBeNull(); // unpadded
    expect(parseBasicAuth("Basic YT!pYw==")).toBeNull();
    expect(parseBasicAuth(basic(":secret"))).toBeNull();
    expect(parseBasicAuth(basic("id:"))).toBeNull();
    expect(parseBasicAuth(basic("no-colon"))).toBeNull();
    expect(parseBasicAuth("Bearer abc")).toBeNull();
    expect(parseBasicAuth(null)).toBeNull();
  });
});

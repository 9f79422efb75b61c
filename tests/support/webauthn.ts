// A software WebAuthn authenticator: P-256 keys from node:crypto, attestation
// "none" and assertions CBOR/byte-encoded as a browser and platform
// authenticator would produce them.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

// Minimal CBOR encoder for what attestation objects need: unsigned/negative
// integers, byte strings, text strings and maps.
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor> | { [k: string]: Cbor };
export function cbor(v: Cbor): Buffer {
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, val]) => [cbor(k), cbor(val)])]);
}

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();

export interface AuthenticatorOptions {
  rpId: string;
  origin: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16).toString("base64url");
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(readonly opts: AuthenticatorOptions) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: "jwk" });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
  }

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter >>> 0);
    return Buffer.concat([sha256(this.opts.rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create() with the platform's challenge (a base64url string). */
  register(challenge: string, overrides: { origin?: string; type?: string } = {}) {
    const id = Buffer.from(this.credentialId, "base64url");
    const len = Buffer.from([id.length >> 8, id.length & 0xff]);
    const attested = Buffer.concat([Buffer.alloc(16), len, id, this.coseKey()]);
    const authData = this.authData(0x41, 0, attested); // UP + AT
    const clientData = Buffer.from(
      JSON.stringify({
        type: overrides.type ?? "webauthn.create",
        challenge,
        origin: overrides.origin ?? this.opts.origin,
        crossOrigin: false,
      }),
    );
    return {
      credentialId: this.credentialId,
      clientDataJson: clientData.toString("base64url"),
      attestationObject: cbor({ fmt: "none", attStmt: new Map(), authData }).toString("base64url"),
      transports: ["internal" as const],
    };
  }

  /** navigator.credentials.get() for Meridian's hex challenge (signed as its UTF-8 bytes). */
  assert(
    challengeHex: string,
    overrides: {
      origin?: string;
      userPresent?: boolean;
      counter?: number;
      credentialId?: string;
      rpId?: string;
      corruptSignature?: boolean;
    } = {},
  ) {
    this.counter = overrides.counter ?? this.counter + 1;
    const flags = overrides.userPresent === false ? 0x00 : 0x01;
    const authData = overrides.rpId
      ? Buffer.concat([sha256(overrides.rpId), this.authData(flags, this.counter).subarray(32)])
      : this.authData(flags, this.counter);
    const clientData = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge: Buffer.from(challengeHex, "utf8").toString("base64url"),
        origin: overrides.origin ?? this.opts.origin,
        crossOrigin: false,
      }),
    );
    let signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    if (overrides.corruptSignature) signature = sign("sha256", Buffer.from("something else"), this.privateKey);
    return {
      credentialId: overrides.credentialId ?? this.credentialId,
      clientDataJson: clientData.toString("base64url"),
      authenticatorData: authData.toString("base64url"),
      signature: signature.toString("base64url"),
    };
  }
}

// The webhook target rules (lib/webhooks/target.ts): which addresses qualify,
// how configured URLs are judged after WHATWG normalisation, the connect-time
// lookup, and postWebhook refusing before any socket reaches a blocked address.
import { createServer, type Server } from "node:http";
import dns, { type LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let target: typeof import("@/lib/webhooks/target");
let deliver: typeof import("@/lib/webhooks/deliver");
let receiver: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  process.env.MERIDIAN_SECRET_KEY = "11".repeat(32);
  target = await import("@/lib/webhooks/target");
  deliver = await import("@/lib/webhooks/deliver");
  receiver = createServer((req, res) => {
    hits++;
    req.resume();
    if (req.url === "/redirect") res.writeHead(302, { location: "/hooks" }).end();
    else res.writeHead(200, { "content-type": "text/plain" }).end("internal secret");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.1.1", "linkLocal"],
    ["169.254.169.254", "metadata"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd00:ec2::254", "metadata"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::ffff:10.0.0.1", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["not an address", "invalid"],
  ])("refuses %s as %s", (address, range) => {
    expect(target.classifyAddress(address)).toMatchObject({ allowed: false, range });
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2002:0808:0808::1"])(
    "allows the public address %s",
    (address) => {
      expect(target.classifyAddress(address)).toEqual({ allowed: true });
    },
  );
});

describe("webhookUrlProblems", () => {
  const strict = { allowPrivate: false };

  it.each([
    "http://2130706433/hooks",
    "http://0x7f000001/hooks",
    "http://0177.0.0.1/hooks",
    "http://127.1/hooks",
    "http://[::1]/hooks",
    "http://[::ffff:127.0.0.1]/hooks",
    "http://[0:0:0:0:0:ffff:7f00:1]/hooks",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://10.0.0.7:8080/",
    "http://localhost:3000/",
    "http://api.localhost/",
    "https://0.0.0.0/",
  ])("refuses the non-public literal host of %s", (url) => {
    const problems = target.webhookUrlProblems(url, strict);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/webhooks are delivered only to public addresses/);
  });

  it("refuses credentials in the URL, even where private addresses are allowed", () => {
    expect(target.webhookUrlProblems("http://evil@127.0.0.1/", strict)).toEqual([
      expect.stringMatching(/must not contain credentials/),
      expect.stringMatching(/127\.0\.0\.1 is a loopback address/),
    ]);
    expect(target.webhookUrlProblems("https://user:pass@hooks.example.com/", { allowPrivate: true })).toEqual([
      expect.stringMatching(/must not contain credentials/),
    ]);
  });

  it("refuses other schemes and accepts public hosts and names (names are checked when connecting)", () => {
    expect(target.webhookUrlProblems("ftp://hooks.example.com/", strict)).toEqual(["Expected an http(s) URL"]);
    expect(target.webhookUrlProblems("https://hooks.example.com/uma", strict)).toEqual([]);
    expect(target.webhookUrlProblems("http://93.184.215.14:8080/", strict)).toEqual([]);
    expect(target.webhookUrlProblems("http://127.0.0.1.nip.io/", strict)).toEqual([]);
    expect(target.webhookUrlProblems("http://127.0.0.1:3000/", { allowPrivate: true })).toEqual([]);
  });
});

describe("webhookLookup", () => {
  function lookupWith(answers: LookupAddress[]) {
    const lookup = target.webhookLookup((_host, _opts, cb) => cb(null, answers));
    return (all: boolean) =>
      new Promise<{ err: Error | null; result: unknown }>((resolve) =>
        lookup("hooks.example.test", { all }, (err, address, family) =>
          resolve({ err, result: all ? address : { address, family } }),
        ),
      );
  }

  it("passes public answers through, in both callback forms", async () => {
    const answers = [
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ];
    expect(await lookupWith(answers)(true)).toEqual({ err: null, result: answers });
    expect(await lookupWith(answers)(false)).toEqual({ err: null, result: { address: "93.184.215.14", family: 4 } });
  });

  it("refuses a name when any of its answers is blocked (rebinding to a private address)", async () => {
    const { err } = await lookupWith([
      { address: "93.184.215.14", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ])(false);
    expect(err).toBeInstanceOf(target.BlockedTargetError);
    expect(err!.message).toBe(
      "hooks.example.test is a loopback address; webhooks are delivered only to public addresses",
    );
    expect((await lookupWith([{ address: "169.254.169.254", family: 4 }])(true)).err!.message).toMatch(
      /cloud metadata address/,
    );
  });
});

describe("postWebhook", () => {
  it("refuses a literal loopback target without connecting when private addresses are not allowed", async () => {
    const before = hits;
    for (const host of ["127.0.0.1", "2130706433", "[::ffff:127.0.0.1]"]) {
      const result = await deliver.postWebhook(`http://${host}:${port}/hooks`, "Webhook:x", "{}", {
        allowPrivate: false,
      });
      expect(result).toMatchObject({
        ok: false,
        status: null,
        body: null,
        error: expect.stringMatching(/^BlockedTargetError: .* is a loopback address/),
      });
    }
    expect(hits).toBe(before);
  });

  it("refuses localhost by name, and a name that resolves to loopback at connect time", async () => {
    const before = hits;
    const byName = await deliver.postWebhook(`http://localhost:${port}/hooks`, "Webhook:x", "{}", {
      allowPrivate: false,
    });
    expect(byName.error).toMatch(/^BlockedTargetError: The host localhost is a loopback address/);
    const realLookup = dns.lookup;
    const resolved: string[] = [];
    // As a hostile DNS server would answer for a name like 127.0.0.1.nip.io.
    (dns as { lookup: unknown }).lookup = (host: string, opts: object, cb: (e: null, a: LookupAddress[]) => void) => {
      resolved.push(host);
      cb(null, [{ address: "127.0.0.1", family: 4 }]);
    };
    try {
      const rebound = await deliver.postWebhook(`http://rebound.example.test:${port}/hooks`, "Webhook:x", "{}", {
        allowPrivate: false,
      });
      expect(rebound.error).toBe(
        "BlockedTargetError: rebound.example.test is a loopback address; " +
          "webhooks are delivered only to public addresses",
      );
    } finally {
      dns.lookup = realLookup;
    }
    expect(resolved).toEqual(["rebound.example.test"]);
    expect(hits).toBe(before);
  });

  it("delivers to a local receiver where private addresses are allowed, and does not follow redirects", async () => {
    const before = hits;
    expect(
      await deliver.postWebhook(`http://127.0.0.1:${port}/hooks`, "Webhook:x", "{}", { allowPrivate: true }),
    ).toEqual({ ok: true, status: 200, body: "internal secret", error: null });
    expect(
      await deliver.postWebhook(`http://127.0.0.1:${port}/redirect`, "Webhook:x", "{}", { allowPrivate: true }),
    ).toEqual({ ok: false, status: 302, body: "", error: null });
    expect(hits).toBe(before + 2);
  });
});

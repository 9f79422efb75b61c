// After it listens, the server warms every page in the background (scripts/serve.mjs): it renders the
// public pages, then loads each page's bundle and evaluates its layouts and page module, so a page's first
// visitor does not wait for its code. That goes through Next.js internals (loadComponents, the route
// module's loader tree), so this checks that every page of the build was warmed, not only that the server
// started, and that pages still render afterwards.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { server } from "../../support/api";
import { startTestServer } from "../../support/server";

describe("the server's warm-up", () => {
  it("loads and evaluates every page of the build after start, and the pages render after it", async () => {
    const own = await startTestServer(server().mode, { MERIDIAN_WARM_PAGES: "on" });
    try {
      const warmedUp = () =>
        own
          .logs()
          .split("\n")
          .find((l) => l.includes('"warmed up"'));
      const deadline = Date.now() + 120_000;
      while (!warmedUp() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const line = warmedUp();
      expect(line, own.logs()).toBeDefined();
      const manifest = JSON.parse(readFileSync(".next/server/app-paths-manifest.json", "utf8")) as object;
      const pages = Object.keys(manifest).filter((p) => p.endsWith("/page"));
      expect(pages.length).toBeGreaterThan(0);
      expect(JSON.parse(line!).pageBundlesLoaded).toBe(pages.length);

      for (const path of ["/admin/signin", "/signup"]) {
        const res = await fetch(`${own.origin}${path}`);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toContain("<h1");
      }
    } finally {
      await own.stop();
    }
  }, 180_000);
});

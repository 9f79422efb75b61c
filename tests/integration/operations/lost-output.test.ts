// A server whose output has no reader any more (its log pipe closed, the parent that started it gone) keeps serving,
// and stops cleanly on SIGTERM: a write to a closed pipe fails with EPIPE, and that failure must neither stop the
// process nor send it into a loop (the error's own report written to the same closed pipe, failing again, on one core
// for as long as the process lived, seen with a launcher left behind by a crashed parent).
import { afterAll, describe, expect, it } from "vitest";
import { servePid, startTestServer, type TestServer } from "../../support/server";

describe("a server whose output went away", () => {
  let server: TestServer | undefined;
  let serving: number | undefined;
  afterAll(async () => {
    await server?.kill();
    // Failing, the HTTP server outlived its launcher: not left spinning after the run.
    if (serving) process.kill(serving, "SIGKILL");
  });

  it("keeps answering, then drains and exits 0 on SIGTERM, the HTTP server with it", async () => {
    // info: every request writes a log line, so each one meets the closed pipe.
    server = await startTestServer("embedded", { LOG_LEVEL: "info" });
    serving = servePid(server);
    server.closeOutput();
    const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.baseUrl}/config`, { headers: { authorization: auth } });
      expect(res.status).toBe(200);
    }
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    const started = Date.now();
    // stop() sends SIGTERM and SIGKILL 20 s later (exit code 1): a clean stop is 0, well before that.
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(() => process.kill(serving!, 0)).toThrow();
    serving = undefined;
  }, 60_000);
});

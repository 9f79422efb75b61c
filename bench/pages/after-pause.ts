// bench/pages/after-pause: the server's time for a signed-in staff member's /admin (the overview, whose figures
// are read through the API with the web app's credential) after a pause without requests, against the same page
// one second after the previous one (the baseline, measured in the same run). Something the server lets lapse
// during a pause (a remembered credential check, idle database connections) shows as the difference.
// No browser in the measured loop: the page is fetched whole, so the figure is the server's alone.
//   node --import tsx bench/pages/after-pause.ts
//   BENCH_ROUNDS=4 pairs; BENCH_PAUSE_MS=15000 the pause.
import { chromium } from "@playwright/test";
import { startTestServer } from "../../tests/support/server";
import { exportE2eServer } from "../../e2e/support/server-env";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 15_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  exportE2eServer(server);
  const origin = process.env.MERIDIAN_E2E_ORIGIN!;
  try {
    const { createStaff, signInStaff } = await import("../../e2e/support/fixtures");
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    let cookie: string;
    try {
      const setup = await browser.newContext({ baseURL: origin });
      const staff = await createStaff(setup.request, "operator");
      const signedIn = await browser.newContext({ baseURL: origin });
      await signInStaff(await signedIn.newPage(), staff);
      cookie = (await signedIn.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    } finally {
      await browser.close();
    }
    const admin = async () => {
      const started = performance.now();
      const res = await fetch(`${origin}/admin`, { headers: { cookie, "accept-encoding": "gzip, br" } });
      const html = await res.text();
      if (res.status !== 200 || !html.includes("Payments, last 14 days")) throw new Error(`/admin: ${res.status}`);
      return Math.round(performance.now() - started);
    };
    // The first signed-in render after start (the console's frame rendered for the first time): printed, not paired.
    console.log(`first /admin after start: ${await admin()} ms`);
    const paused: number[] = [];
    const backToBack: number[] = [];
    console.log(`round\tafter ${PAUSE_MS / 1000} s pause ms\t1 s later ms`);
    for (let i = 1; i <= ROUNDS; i++) {
      process.stderr.write(`round ${i}/${ROUNDS}: pausing ${PAUSE_MS / 1000} s…\n`);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      paused.push(await admin());
      await new Promise((r) => setTimeout(r, 1_000));
      backToBack.push(await admin());
      console.log(`${i}\t${paused.at(-1)}\t${backToBack.at(-1)}`);
    }
    console.log(
      `median /admin after a ${PAUSE_MS / 1000} s pause: ${median(paused)} ms; 1 s after the previous: ` +
        `${median(backToBack)} ms (${ROUNDS} rounds)`,
    );
  } finally {
    await server.stop();
  }
}

void main();

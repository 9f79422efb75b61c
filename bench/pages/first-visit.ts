// bench/pages/first-visit: the first and second load of every kind of page after a fresh start of the
// built server, in Chromium: the signed-out pages (/, /signin, /signup, /admin/signin, the API reference),
// the hosted identity page (/kyc/…), every customer wallet page and every admin page. Staff and the customer
// sign in through the APIs first (as the e2e fixtures do), so the figures are the pages' own loads.
//
// Wall-clock times on a shared machine are noisy, so beside them it prints load-tolerant figures: the
// server's CPU time over each load (user + system from /proc/<pid>/stat, in 10 ms ticks; it includes the
// API calls the page makes), the server's RSS after it, and the bytes of JavaScript the browser fetched
// for the page (from the resource timings; 0 on a second load served from the browser's cache). Each
// row carries the 1-minute load average at that moment.
//   npm run bench:first-visit
//   BENCH_SETTLE_MS=20000   waits that long after signing in (lets the server's warm-up finish) before
//                           the first page; by default the pages are visited at once, as the e2e tour does.
//   BENCH_ONLY=customer,admin,signed-out,kyc   only these groups (each group is a fresh browser context).
//   BENCH_FRESH_CONTEXT=1   the second load also from a fresh browser context (no browser cache), so
//                           first and second differ only on the server.
//   BENCH_HTTP=1           fetches each page's document alone over HTTP with the context's cookies (no
//                           browser rendering, scripts or prefetches): the server's render of the page.
//   PROF_DIR=/tmp/x BENCH_PROFILE=/wallet,/admin/faults   writes a V8 CPU profile of the server over those pages'
//                           first loads ($PROF_DIR/first-<page>.cpuprofile; `node bench/writes/summarise.mjs <file>`).
//   Any other environment variable reaches the server (e.g. MERIDIAN_WARMUP=off).
import { loadavg } from "node:os";
import { existsSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { servePid, startTestServer } from "../../tests/support/server";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { exportE2eServer } from "../../e2e/support/server-env";

interface Load {
  loadMs: number;
  firstByteMs: number;
  scriptBytes: number;
  scriptFiles: number;
}

const TICK_MS = 10;
const HTTP_ONLY = process.env.BENCH_HTTP === "1";

function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function serverRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

async function load(page: Page, path: string): Promise<Load> {
  if (HTTP_ONLY) {
    // The document alone (no scripts, no API calls, no prefetches): the server's render of the page.
    const t0 = performance.now();
    const res = await page.request.get(path, { maxRedirects: 0 });
    await res.body();
    const ms = Math.round(performance.now() - t0);
    return { loadMs: ms, firstByteMs: ms, scriptBytes: 0, scriptFiles: 0 };
  }
  await page.goto(path, { waitUntil: "load" });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (r) => r.initiatorType === "script" || r.name.endsWith(".js"),
    );
    return {
      loadMs: Math.round(nav.loadEventEnd - nav.startTime),
      firstByteMs: Math.round(nav.responseStart - nav.startTime),
      // transferSize is 0 for a response from the browser's cache.
      scriptBytes: scripts.reduce((n, r) => n + r.transferSize, 0),
      scriptFiles: scripts.length,
    };
  });
}

/** The server's "warmed up" log line (scripts/serve.mjs), if it has written it yet. */
function warmUpState(server: { logs(): string }): string {
  const line = server
    .logs()
    .split("\n")
    .find((l) => l.includes('"warmed up"'));
  if (!line) return "warm-up not finished";
  const { ms, pageBundlesLoaded } = JSON.parse(line) as { ms: number; pageBundlesLoaded: number };
  return `warm-up finished ${ms} ms after listening (${pageBundlesLoaded} page bundles loaded)`;
}

const load1 = () => loadavg()[0].toFixed(2);
const avg = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

const SIGNED_OUT = ["/", "/signin", "/signup", "/admin/signin", "/docs/api", "/docs/api/external-accounts"];
const CUSTOMER = [
  "/wallet",
  "/wallet/balances",
  "/wallet/send",
  "/wallet/receive",
  "/wallet/transactions",
  "/wallet/external-accounts",
  "/wallet/sessions",
  "/wallet/credentials",
  "/wallet/cards",
  "/wallet/more",
];
const ADMIN = [
  "/admin",
  "/admin/customers",
  "/admin/accounts",
  "/admin/transactions",
  "/admin/external-accounts",
  "/admin/agents",
  "/admin/approvals",
  "/admin/stablecoins",
  "/admin/webhooks",
  "/admin/requests",
  "/admin/tokens",
  "/admin/config",
  "/admin/sandbox",
  "/admin/faults",
  "/admin/rules",
];

async function main() {
  console.log(`bench/pages/first-visit: load average (1 / 5 / 15 min) before start ${avg()}`);
  const started = performance.now();
  const PROF_DIR = process.env.PROF_DIR;
  const profiled = new Set(process.env.BENCH_PROFILE?.split(",") ?? []);
  const server = await startTestServer("embedded", {
    LOG_LEVEL: "warn",
    ...(PROF_DIR ? { NODE_OPTIONS: `--import ${new URL("../agents/profile.mjs", import.meta.url).pathname}` } : {}),
  });
  const pid = servePid(server);
  console.log(
    `server ready in ${Math.round(performance.now() - started)} ms; server CPU so far ${serverCpuMs(pid)} ms, ` +
      `RSS ${serverRssMb(pid).toFixed(1)} MB`,
  );
  exportE2eServer(server);
  const { createStaff, signInStaff, platformApi } = await import("../../e2e/support/fixtures");
  const { signUpCustomer } = await import("../../e2e/support/customer");
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const base = { baseURL: process.env.MERIDIAN_E2E_ORIGIN };
  try {
    const only = process.env.BENCH_ONLY?.split(",");
    const want = (g: string) => !only || only.includes(g);
    const staff = await createStaff((await browser.newContext(base)).request, "operator");
    const signIn: Record<string, (ctx: BrowserContext) => Promise<void>> = {
      "signed-out": async () => {},
      kyc: async () => {},
      customer: async (ctx) => {
        await signUpCustomer(await ctx.newPage(), "Fay First");
      },
      admin: async (ctx) => {
        await signInStaff(await ctx.newPage(), staff);
      },
    };
    // The hosted identity page's path needs a customer and a link (the platform API, not a page bundle).
    const setup = await browser.newContext(base);
    const created = await platformApi(setup.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: `bench-first-visit-${Date.now()}`,
      fullName: "Hana Hosted",
    });
    const link = await platformApi(setup.request, "POST", `/customers/${created.body.id}/kyc-link`, {
      redirectUri: "https://platform.example/done",
    });
    const groups: [string, string[]][] = [
      ["signed-out", SIGNED_OUT],
      ["kyc", [new URL(link.body.kycUrl).pathname]],
      ["customer", CUSTOMER],
      ["admin", ADMIN],
    ];
    const contexts = new Map<string, BrowserContext>();
    for (const [group] of groups) {
      if (!want(group)) continue;
      const ctx = await browser.newContext(base);
      await signIn[group](ctx);
      contexts.set(group, ctx);
    }
    console.log(
      `signed in (staff and a new customer) ${Math.round(performance.now() - started)} ms after start; ` +
        `server CPU so far ${serverCpuMs(pid)} ms; ${warmUpState(server)}`,
    );
    const settle = Number(process.env.BENCH_SETTLE_MS ?? 0);
    if (settle > 0) {
      await new Promise((r) => setTimeout(r, settle));
      console.log(
        `waited ${settle} ms; server CPU so far ${serverCpuMs(pid)} ms, RSS ${serverRssMb(pid).toFixed(1)} MB; ` +
          warmUpState(server),
      );
    }
    const header = [
      "page",
      "load 1",
      "1st load ms",
      "1st byte ms",
      "1st server CPU ms",
      "1st JS KB (files)",
      "2nd load ms",
      "2nd byte ms",
      "2nd server CPU ms",
      "RSS MB",
    ];
    console.log(header.join("\t"));
    const totals = { first: 0, second: 0, over: 0, loads: 0 };
    for (const [group, paths] of groups) {
      const ctx = contexts.get(group);
      if (!ctx) continue;
      const page = await ctx.newPage();
      for (const path of paths) {
        const profile = PROF_DIR && profiled.has(path);
        if (profile) process.kill(pid, "SIGUSR2");
        const c0 = serverCpuMs(pid);
        const first = await load(page, path);
        const c1 = serverCpuMs(pid);
        if (profile) {
          process.kill(pid, "SIGUSR2");
          await new Promise((r) => setTimeout(r, 1500));
          const file = join(PROF_DIR, `${pid}.cpuprofile`);
          if (existsSync(file)) renameSync(file, join(PROF_DIR, `first-${path.replace(/\W+/g, "_")}.cpuprofile`));
        }
        let secondPage = page;
        if (process.env.BENCH_FRESH_CONTEXT === "1") {
          const fresh = await browser.newContext({ ...base, storageState: await ctx.storageState() });
          secondPage = await fresh.newPage();
        }
        const c2 = serverCpuMs(pid);
        const second = await load(secondPage, path);
        const c3 = serverCpuMs(pid);
        if (secondPage !== page) await secondPage.context().close();
        totals.first += c1 - c0;
        totals.second += c3 - c2;
        totals.loads++;
        if (first.loadMs > 500) totals.over++;
        const shown = path.startsWith("/kyc/") ? "/kyc/…" : path;
        console.log(
          [
            shown,
            load1(),
            first.loadMs,
            first.firstByteMs,
            c1 - c0,
            `${(first.scriptBytes / 1024).toFixed(0)} (${first.scriptFiles})`,
            second.loadMs,
            second.firstByteMs,
            c3 - c2,
            serverRssMb(pid).toFixed(1),
          ].join("\t"),
        );
      }
    }
    console.log(
      `server CPU over the ${totals.loads} first loads ${totals.first} ms, second loads ${totals.second} ms; ` +
        `first loads over 500 ms: ${totals.over}; server RSS ${serverRssMb(pid).toFixed(1)} MB`,
    );
    console.log(`load average (1 / 5 / 15 min) after: ${avg()}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();

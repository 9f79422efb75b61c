// Meridian's HTTP server: Next.js behind node:http so shutdown is graceful, with
// the versioned API served directly (see below).
// On SIGTERM/SIGINT it stops accepting connections, lets requests in flight
// finish, stops the job worker (which finishes its jobs) and closes the pool.
// Needs DATABASE_URL; `npm start` (scripts/start.mjs) provides it.
import http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import next from "next";
import sirv from "sirv";
import { checkListenAddress } from "./listen-guard.mjs";
import { dropOutputWithoutReader } from "./output-guard.mjs";

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "127.0.0.1";
const dev = process.argv.includes("--dev");
// Also checked here, for a server started without scripts/start.mjs.
const exposure = checkListenAddress(process.env);
if (exposure.verdict === "refuse") {
  process.stderr.write(`[meridian] ${exposure.message}\n`);
  process.exit(1);
}
process.env.NEXT_TELEMETRY_DISABLED = "1";

dropOutputWithoutReader();

const app = next({ dev, hostname, port, dir: process.cwd(), turbopack: dev });
await app.prepare();
const handle = app.getRequestHandler();

// The versioned API is answered by the dispatcher that instrumentation.ts
// registers (same operations and wrapper as the route files, without the Next
// request pipeline; docs/adr-004-direct-api-server.md). It declines what it does not
// serve, which then goes to Next. In dev every request goes to Next, for hot reload.
const direct = !dev && process.env.MERIDIAN_DIRECT_API !== "off";

// Static files the browser fetches as they are (built chunks under /_next/static, the vendored
// reference renderers under /vendor) are sent from the brotli or gzip copy written at build
// (scripts/precompress.mjs), instead of Next.js compressing them again for every fresh browser on
// the cores rendering the page (docs/performance.md, "Precompressed static files"). What is not
// found there goes on to Next.js. In dev Next.js serves them (they change).
const noSniff = (res) => res.setHeader("x-content-type-options", "nosniff");
const precompressed = { brotli: true, gzip: true, extensions: [], setHeaders: noSniff };
const staticMounts = (
  dev
    ? []
    : [
        { prefix: "/_next/static/", dir: ".next/static", maxAge: 31_536_000, immutable: true },
        { prefix: "/vendor/", dir: "public/vendor", maxAge: 0, etag: true },
      ]
)
  // sirv lists its folder at start; one that is not there (no vendored renderer) is left to Next.js.
  .filter((m) => existsSync(m.dir))
  .map(({ prefix, dir, ...caching }) => ({ prefix, serve: sirv(dir, { ...precompressed, ...caching }) }));
function serveStatic(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  const mount = staticMounts.find((m) => url.startsWith(m.prefix));
  if (!mount) return false;
  let found = true;
  req.url = url.slice(mount.prefix.length - 1);
  mount.serve(req, res, () => (found = false));
  req.url = url;
  return found;
}

let inFlight = 0;
// The connection's address, for throttling (lib/security/client-address.ts): set on
// every request, replacing any value a client sent under this name.
const PEER_ADDRESS_HEADER = "x-meridian-peer-address";
function stampPeerAddress(req) {
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === PEER_ADDRESS_HEADER) raw.splice(i, 2);
  const address = req.socket.remoteAddress ?? "unknown";
  raw.push(PEER_ADDRESS_HEADER, address);
  req.headers[PEER_ADDRESS_HEADER] = address;
}

// Next.js answers a path that is not valid percent-encoded UTF-8 with a plain-text
// 500; the web app's pages and BFF routes get a 400 instead (the versioned API's
// paths are answered by the dispatcher above, naming the parameter).
function decodablePath(url = "") {
  try {
    decodeURIComponent(url.split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

function refuseUndecodablePath(req, res) {
  req.resume();
  res.statusCode = 400;
  if ((req.url ?? "").startsWith("/api/")) {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        code: "INVALID_INPUT",
        reason: "The request path is not valid percent-encoded UTF-8",
        details: { errors: [{ field: "path", constraint: "FORMAT", message: "Not valid percent-encoded UTF-8" }] },
      }),
    );
  } else {
    res.setHeader("content-type", "text/plain; charset=utf-8");
    res.end("This address is not valid. Check the link and try again.\n");
  }
}

const server = http.createServer((req, res) => {
  inFlight++;
  stampPeerAddress(req);
  res.on("close", () => inFlight--);
  // Without direct, the dispatcher still answers API paths Next.js cannot decode.
  const api = globalThis.__meridianApi;
  if (api && api(req, res, direct)) return;
  if (!decodablePath(req.url)) return refuseUndecodablePath(req, res);
  if (serveStatic(req, res)) return;
  handle(req, res);
});
server.keepAliveTimeout = 65_000;

server.listen(port, hostname, () => {
  if (exposure.verdict === "warn") process.stderr.write(`\n[meridian] ${exposure.message}\n\n`);
  process.stdout.write(
    JSON.stringify({
      level: "info",
      time: new Date().toISOString(),
      msg: "listening",
      url: `http://${hostname}:${port}`,
    }) + "\n",
  );
  process.send?.({ type: "listening", port, hostname });
  if (!dev && process.env.MERIDIAN_WARMUP !== "off") void warmUp();
});

// The first render of a page after start pays for loading and compiling its code
// (about 0.6 s for the home page here, 20 ms after). next.config.mjs has Next.js load a
// bundle on its first request rather than all 260 at start (most are API routes, and
// the versioned API does not use them), so in the background, once listening, this
// renders the public entry pages once, then loads every page's bundle and evaluates its
// modules (47 pages, not the API routes): the first visitor of a wallet or admin page
// does not wait for its code (docs/performance.md, "h22speed": ~26 MB more RSS after
// bench:memory than warming the public pages alone). MERIDIAN_WARMUP=off skips it all,
// MERIDIAN_WARM_PAGES=off only the page bundles.
const WARM_UP_PATHS = ["/", "/signin", "/signup", "/admin/signin", "/docs/api", "/wallet", "/admin"];
async function warmUp() {
  const started = performance.now();
  const host = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  for (const path of WARM_UP_PATHS) {
    if (stopping) return;
    await new Promise((resolve) => {
      const request = http.get({ host, port, path, headers: { "user-agent": "meridian-warm-up" } }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      request.on("error", resolve);
      request.setTimeout(10_000, () => request.destroy());
    });
  }
  const pages = process.env.MERIDIAN_WARM_PAGES === "off" ? 0 : await loadPageBundles();
  if (stopping) return;
  process.stdout.write(
    JSON.stringify({
      level: "info",
      time: new Date().toISOString(),
      msg: "warmed up",
      pagesRendered: WARM_UP_PATHS.length,
      pageBundlesLoaded: pages,
      ms: Math.round(performance.now() - started),
    }) + "\n",
  );
}

// Loads each page's server bundle as Next.js does on the page's first request (the same
// module cache, so that request then finds it loaded), one page per turn of the event
// loop so requests arriving meanwhile are not held up for more than one page's load.
async function loadPageBundles() {
  const require = createRequire(import.meta.url);
  let loadComponents, pages;
  let loaded = 0;
  try {
    ({ loadComponents } = require("next/dist/server/load-components.js"));
    const distDir = join(process.cwd(), ".next");
    pages = Object.keys(JSON.parse(readFileSync(join(distDir, "server", "app-paths-manifest.json"), "utf8")));
    pages = pages.filter((page) => page.endsWith("/page"));
    for (const page of pages) {
      if (stopping) return;
      await new Promise((resolve) => setImmediate(resolve));
      try {
        const { ComponentMod } = await loadComponents({
          distDir,
          page,
          isAppPath: true,
          isDev: false,
          sriEnabled: false,
          needsManifestsForLegacyReasons: false,
        });
        const tree = ComponentMod?.routeModule?.userland?.loaderTree;
        if (!Array.isArray(tree)) continue; // not counted: Next.js changed where the tree is
        await evaluateSegments(tree);
        loaded++;
      } catch {
        // A page that fails to load fails again, visibly, on its request.
      }
    }
  } catch (err) {
    // Next.js moved its loader or manifest: pages then load on their first request.
    process.stderr.write(`[meridian] page bundles not preloaded: ${err?.message ?? err}\n`);
  }
  return loaded;
}

// The bundle holds a page's layouts and page component as loaders Next.js calls at
// render ([segment, parallel routes, { layout: [load, path], page: [load, path], … }]);
// calling them evaluates the modules (and what they import at the top, such as the
// API's schemas), which is most of a first render's extra time.
async function evaluateSegments(tree) {
  const [, parallelRoutes, modules] = tree;
  for (const entry of Object.values(modules ?? {})) {
    if (Array.isArray(entry) && typeof entry[0] === "function") await entry[0]();
  }
  for (const child of Object.values(parallelRoutes ?? {})) if (Array.isArray(child)) await evaluateSegments(child);
}

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(
    JSON.stringify({ level: "info", time: new Date().toISOString(), msg: `${signal}: draining`, inFlight }) + "\n",
  );
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const deadline = Date.now() + 15_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  server.closeAllConnections();
  await closed;
  // The app registers its own cleanup (job worker, database pool) in instrumentation.ts.
  await globalThis.__meridianShutdown?.();
  process.stdout.write(JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "stopped" }) + "\n");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

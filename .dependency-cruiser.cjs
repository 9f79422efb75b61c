// The dependency rule of the house (issue 17), checked by `npm run depcheck`:
//
//   app -> lib/api | lib/bff -> lib/domain -> {ledger, jobs, webhooks, sandbox,
//   crypto, db, security} -> kernel (lib/kernel, ids, clock, env, log)
//   components -> lib/browser, the kernel and display helpers only
//
// Nothing points back up, and no two folders import each other (directly or
// round a loop). The layer rules judge runtime imports: a type-only import
// (`import type`) is erased from every bundle, so the front end may take the
// API's response types that way.

const KERNEL = "^lib/(kernel/|ids\\.ts$|clock\\.ts$|env\\.ts$|log\\.ts$)";
const LOWER = "^lib/(ledger|jobs|webhooks|sandbox|crypto|db|security)/";
const DOMAIN = "^lib/domain/";
const API = "^lib/api/";
const API_ERRORS = "^lib/api/errors\\.ts$";
const BFF = "^lib/bff/";
const BROWSER = "^lib/browser/";
const UI = "^(app|components)/";
// Pure tables of the domain the browser reads too (statuses, currencies, account
// types): data only, no server imports, hence no server-only marker.
const SHARED_TABLES = "^lib/domain/(currencies|[^/]+/status|external-accounts/account-types)\\.ts$";
// Formatting the front end shares with the server pages.
const DISPLAY = "^lib/browser/money\\.ts$";
const runtime = { dependencyTypesNot: ["type-only"] };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "kernel-stays-at-the-bottom",
      comment:
        "The kernel (errors, json, pagination, validation, ids, clock, env, log) imports nothing else of Meridian.",
      severity: "error",
      from: { path: KERNEL },
      to: { path: "^(lib|app|components)/", pathNot: KERNEL, ...runtime },
    },
    {
      name: "infrastructure-does-not-reach-up",
      comment:
        "ledger, jobs, webhooks, sandbox, crypto, db and security serve the domain; " +
        "they never import it, the API, the BFF or the UI.",
      severity: "error",
      from: { path: LOWER },
      to: { path: [DOMAIN, API, BFF, BROWSER, UI], ...runtime },
    },
    {
      name: "domain-is-free-of-http",
      comment:
        "The domain takes typed inputs and throws typed errors; HTTP (lib/api), the BFF and the UI are above it.",
      severity: "error",
      from: { path: DOMAIN },
      to: { path: [API, BFF, BROWSER, UI], ...runtime },
    },
    {
      name: "api-does-not-reach-the-web-tier",
      severity: "error",
      from: { path: API },
      to: { path: [BFF, BROWSER, UI], ...runtime },
    },
    {
      name: "bff-reads-through-the-api",
      comment:
        "The BFF reads data by calling the API over HTTP: no lib/api import (but the " +
        "HTTP answer of an error, lib/api/errors.ts, which both tiers share), no " +
        "database, ledger, jobs or webhooks of its own.",
      severity: "error",
      from: { path: BFF },
      to: { path: [API, "^lib/(db|ledger|jobs|webhooks)/", BROWSER, UI], pathNot: API_ERRORS, ...runtime },
    },
    {
      name: "http-errors-stay-in-the-http-tier",
      comment:
        "Statuses and headers of errors (lib/api/errors.ts: ApiError, ERROR_STATUS) belong to " +
        "the HTTP tier; the domain and below throw the kernel's DomainError with typed hints.",
      severity: "error",
      from: { path: [KERNEL, LOWER, DOMAIN] },
      to: { path: API_ERRORS },
    },
    {
      name: "app-goes-through-api-or-bff",
      comment:
        "Pages and route files use lib/api or lib/bff (and the domain's pure tables), " +
        "never the domain or the infrastructure directly.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^lib/", pathNot: [API, BFF, BROWSER, KERNEL, DISPLAY, SHARED_TABLES], ...runtime },
    },
    {
      name: "components-use-the-browser-layer",
      comment:
        "Components reach the server only through lib/browser (the BFF client); " +
        "they may read the kernel, display helpers and the shared tables.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^lib/", pathNot: [BROWSER, KERNEL, DISPLAY, SHARED_TABLES], ...runtime },
    },
    {
      name: "browser-layer-stays-in-the-browser",
      severity: "error",
      from: { path: BROWSER },
      to: { path: "^lib/", pathNot: [BROWSER, KERNEL, SHARED_TABLES], ...runtime },
    },
    {
      name: "no-folder-cycles",
      comment: "No two folders import each other, directly or round a loop.",
      severity: "error",
      scope: "folder",
      from: { path: "^(app|components|lib)/" },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^lib/db/generated/", "^node_modules/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};

// `npm test`: build, lint, then unit tests, API integration tests against a real
// server on the embedded PostgreSQL and on the external PostgreSQL
// (127.0.0.1:5432, a fresh database per run), then the Playwright e2e suite in
// Debian's Chromium. Prints each step as it goes and a closing
// "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const only = process.argv.slice(2);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
mkdirSync("test-results", { recursive: true });

const steps = [
  { name: "build", cmd: ["node", "scripts/build.mjs"] },
  { name: "lint", cmd: ["npx", "eslint", "."] },
  { name: "format", cmd: ["npx", "prettier", "--check", ".", "--log-level", "warn"] },
  // The dependency rule (docs/architecture.md): no new arrow against it; the known ones are listed in
  // .dependency-cruiser-known-violations.json.
  { name: "dead code", key: "deadcode", cmd: ["npx", "knip", "--include", "exports,types,files", "--no-progress"] },
  {
    name: "dependency rule",
    key: "depcheck",
    cmd: ["npx", "depcruise", "app", "components", "lib", "--config", ".dependency-cruiser.cjs", "--ignore-known"],
  },
  // compose.yaml against the Compose schema and the Dockerfile's shape (no container runtime here).
  { name: "deploy files", key: "deploy", cmd: ["node", "scripts/check-deploy.mjs"] },
  {
    name: "unit",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--project",
      "unit",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=test-results/unit.json",
    ],
    report: "test-results/unit.json",
  },
  {
    name: "integration (embedded PostgreSQL)",
    key: "integration-embedded",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--project",
      "integration",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=test-results/integration-embedded.json",
    ],
    env: { MERIDIAN_TEST_DB: "embedded" },
    report: "test-results/integration-embedded.json",
  },
  {
    name: "integration (external PostgreSQL)",
    key: "integration-external",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--project",
      "integration",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=test-results/integration-external.json",
    ],
    env: { MERIDIAN_TEST_DB: "external" },
    report: "test-results/integration-external.json",
  },
  {
    name: "e2e (Chromium)",
    key: "e2e",
    cmd: ["npx", "playwright", "test"],
    report: "test-results/e2e.json",
    playwright: true,
  },
];

// CI shows only the tail of the output, so the closing lines name every failed test.
function failedTests(step) {
  if (!step.report || !existsSync(step.report)) return [];
  const r = JSON.parse(readFileSync(step.report, "utf8"));
  if (step.playwright) {
    const names = [];
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? [])
        if (spec.tests?.some((t) => t.status === "unexpected" || t.status === "flaky"))
          names.push(`${spec.file}: ${[...trail, spec.title].join(" › ")}`);
      for (const child of suite.suites ?? []) walk(child, suite.title && !suite.file ? [...trail, suite.title] : trail);
    };
    for (const suite of r.suites ?? []) walk(suite, []);
    return names;
  }
  return (r.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === "failed")
      .map((a) => `${file.name.replace(process.cwd() + "/", "")}: ${a.fullName}`),
  );
}

function counts(step) {
  if (!step.report || !existsSync(step.report)) return { passed: 0, failed: 0 };
  const r = JSON.parse(readFileSync(step.report, "utf8"));
  if (step.playwright)
    return { passed: r.stats?.expected ?? 0, failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0) };
  return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 };
}

let passed = 0;
let failed = 0;
const failedSteps = [];
const failedNames = [];
const selected = steps.filter((s) => only.length === 0 || only.some((o) => (s.key ?? s.name).startsWith(o)));
for (const [i, step] of selected.entries()) {
  process.stdout.write(`\n=== [${i + 1}/${selected.length}] ${step.name} ===\n`);
  if (step.report) rmSync(step.report, { force: true });
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: "inherit", env: { ...env, ...step.env } });
  const c = counts(step);
  passed += c.passed;
  failed += c.failed;
  const ok = res.status === 0;
  if (!ok) failedSteps.push(step.name);
  for (const name of failedTests(step)) failedNames.push(`[${step.key ?? step.name}] ${name}`);
  process.stdout.write(
    `=== ${step.name}: ${ok ? "ok" : `FAILED (exit ${res.status})`} in ` +
      `${Math.round((Date.now() - started) / 1000)} ` +
      `s${step.report ? `, ${c.passed} passed, ${c.failed} failed` : ""} ===\n`,
  );
  if (!ok && step.name === "build") break;
}

if (failedNames.length) process.stdout.write(`\nFailed tests:\n${failedNames.map((n) => `  ${n}\n`).join("")}`);
process.stdout.write(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(", ")}` : "All steps passed"}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length ? 1 : 0);

// Checks the deployment files without a container runtime (none runs on the
// CI machines): compose.yaml against the Compose Specification's JSON schema
// (vendored in deploy/schema, from github.com/compose-spec/compose-spec), plus
// what compose.yaml and the Dockerfile must keep true for Meridian. Part of
// `npm test` (step "deploy"); takes about a second.
import { readFileSync, existsSync } from "node:fs";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { parse } from "yaml";

const problems = [];
const check = (ok, message) => ok || problems.push(message);

// compose.yaml: valid Compose, with the services and wiring the docs promise.
const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true });
const schema = JSON.parse(readFileSync("deploy/schema/compose-spec.json", "utf8"));
// Draft-07, which Ajv speaks; the file names the draft by an https URL Ajv does not know.
delete schema.$schema;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
if (!validate(compose))
  for (const e of validate.errors)
    problems.push(`compose.yaml${e.instancePath}: ${e.message} ${JSON.stringify(e.params)}`);
const services = compose.services ?? {};
for (const name of [
  "postgres",
  "pgbouncer",
  "meridian-init",
  "meridian-a",
  "meridian-b",
  "entry",
  "prometheus",
  "grafana",
])
  check(services[name], `compose.yaml: no ${name} service`);
check(services["meridian-init"]?.command?.includes("--init-only"), "compose.yaml: meridian-init must run --init-only");
for (const name of ["meridian-a", "meridian-b"]) {
  const s = services[name] ?? {};
  check(
    s.depends_on?.["meridian-init"]?.condition === "service_completed_successfully",
    `compose.yaml: ${name} must wait for meridian-init`,
  );
  check(
    /@pgbouncer:/.test(s.environment?.DATABASE_URL ?? ""),
    `compose.yaml: ${name} must reach PostgreSQL through PgBouncer`,
  );
  check(
    JSON.stringify(s.healthcheck?.test ?? "").includes("/api/health/ready"),
    `compose.yaml: ${name} needs a readiness healthcheck`,
  );
}
for (const name of ["prometheus", "grafana"])
  check(services[name]?.profiles?.includes("monitoring"), `compose.yaml: ${name} belongs to the monitoring profile`);
for (const file of [
  "deploy/nginx/nginx.conf",
  "deploy/prometheus/prometheus.yml",
  "deploy/grafana/provisioning/datasources/prometheus.yaml",
  "deploy/grafana/provisioning/dashboards/meridian.yaml",
])
  check(existsSync(file), `${file} is missing`);
const dashboard = JSON.parse(readFileSync("deploy/grafana/dashboards/meridian.json", "utf8"));
check(dashboard.panels?.length > 0, "the Grafana dashboard has no panels");

// Dockerfile: multi-stage, built by scripts/image-build.sh, non-root, a volume, a HEALTHCHECK.
const lines = readFileSync("Dockerfile", "utf8")
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));
const instructions = lines.map((l) => l.split(/\s+/)[0].toUpperCase());
const known = new Set(
  (
    "FROM RUN CMD LABEL EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR " +
    "ARG ONBUILD STOPSIGNAL HEALTHCHECK SHELL"
  ).split(" "),
);
for (const i of instructions) check(known.has(i), `Dockerfile: unknown instruction ${i}`);
const froms = lines.filter((l) => /^FROM /i.test(l));
check(froms.length >= 2, "Dockerfile: must be multi-stage");
check(
  lines.some((l) => /^RUN scripts\/image-build\.sh /.test(l)),
  "Dockerfile: must build with scripts/image-build.sh",
);
check(
  lines.some((l) => /^COPY --from=build/.test(l)),
  "Dockerfile: the runtime stage copies the built app",
);
const user = lines.filter((l) => /^USER /i.test(l)).pop();
check(user && !/^USER (root|0)\b/.test(user), "Dockerfile: must run as a non-root user");
check(lines.indexOf(user) > lines.indexOf(froms.at(-1)), "Dockerfile: USER must be set in the last stage");
check(
  lines.some((l) => /^VOLUME .*\/data/.test(l)),
  "Dockerfile: /data must be a volume",
);
check(
  lines.some((l) => /^HEALTHCHECK .*\/api\/health/.test(l)),
  "Dockerfile: needs a HEALTHCHECK on /api/health",
);
check(
  lines.at(-1).startsWith("CMD ") && lines.at(-1).includes("scripts/start.mjs"),
  "Dockerfile: must start scripts/start.mjs",
);

if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log(
  `deploy files OK: compose.yaml (${Object.keys(services).length} ` +
    `services) valid against the Compose Specification; Dockerfile ` +
    `(${froms.length} stages) checked`,
);

// Builds the CommonJS entry of `meridian/testing` (dist/testing/index.cjs) from lib/testing/index.ts, so a
// Jest suite (CommonJS, no TypeScript transform for node_modules) can `require("meridian/testing")`. ESM
// importers (Vitest, tsx) get the TypeScript source through the package's "exports". Runs from postinstall.
import { build } from "esbuild";

await build({
  entryPoints: ["lib/testing/index.ts"],
  outfile: "dist/testing/index.cjs",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "cjs",
  target: "node20",
  logLevel: "warning",
  // The harness finds the install folder from its own address: dist/testing sits as deep as lib/testing.
  define: { "import.meta.url": "__meridianModuleUrl" },
  banner: { js: 'const __meridianModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
});

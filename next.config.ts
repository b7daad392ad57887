import type { NextConfig } from "next";
import { HSTS_HEADER, SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite ships a wasm build that must be loaded from node_modules at run time, not bundled.
  // undici (lib/client/guarded-fetch.ts) is Node's own HTTP client: loaded as it ships, with the
  // optional modules it requires lazily.
  serverExternalPackages: ["@electric-sql/pglite", "undici"],
  poweredByHeader: false,
  // Bulk-award files go up to 5 MB (lib/bulk/csv.ts) in a multipart body: the 1 MB default is
  // too small. Every other action's input is bounded by its own zod schema.
  experimental: { serverActions: { bodySizeLimit: "6mb" } },
  // `npm run typecheck` checks the whole repository (console and service) in CI; the build
  // would only repeat it, and slow `npm run demo` down.
  typescript: { ignoreBuildErrors: true },
  // docs/console.md, "Security headers".
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [HSTS_HEADER],
      },
    ];
  },
};

export default nextConfig;

import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships a wasm build that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
};

export default nextConfig;

// Preloaded into every console server: `node --require ./lib/http/forwarded-headers-preload.cjs
// node_modules/next/dist/bin/next start` (package.json's `start` and `dev`, scripts/demo.ts,
// scripts/e2e/built-console.ts). Every request passes normalizeForwarded (forwarded-headers.cjs)
// before Next.js sees it: only there is the socket's address still known. A bad TRUSTED_PROXIES
// stops the server with a message naming the variable.
const http = require("node:http");
const https = require("node:https");
const { normalizeForwarded, parseTrustedProxies } = require("./forwarded-headers.cjs");

/** Every request of every server in this process passes normalizeForwarded before its listeners see it. */
function install(env) {
  const proxies = parseTrustedProxies(env.TRUSTED_PROXIES);
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function emitNormalized(event, request, ...rest) {
      if (event === "request") normalizeForwarded(request.headers, request.socket?.remoteAddress, proxies);
      return emit.call(this, event, request, ...rest);
    };
  }
  // Tells instrumentation.ts that forwarded headers are checked in this process (a global, not the
  // environment, which a child process would inherit without the preload).
  globalThis[Symbol.for("console.forwardedHeadersChecked")] = true;
}

try {
  if (!globalThis[Symbol.for("console.forwardedHeadersChecked")]) install(process.env);
} catch (error) {
  console.error(`Invalid console environment: ${error.message}`);
  process.exit(1);
}

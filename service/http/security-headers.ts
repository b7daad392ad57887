import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Headers for a JSON API (docs/service.md, "Security headers"): nothing in an answer may run, be
 * framed or be sniffed as another type, and no shared cache may keep an answer — keyed GET URLs
 * carry the API key. A kept GET answer may be revalidated by its client (ETag, 304).
 */
const ALWAYS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

export async function securityHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.headers(ALWAYS);
  const revalidate = request.method === "GET" && (reply.statusCode === 200 || reply.statusCode === 304);
  reply.header("cache-control", revalidate ? "private, no-cache" : "no-store");
}

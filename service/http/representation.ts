import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Coding, negotiateCoding, noneMatchHits } from "./content-coding";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * An answer kept as bytes (docs/service.md, "Caches"): the JSON text, its strong ETag (a hash of
 * the bytes, so every instance gives the same answer the same tag), and its gzip and br forms,
 * each compressed once, on first demand, off the event loop.
 */
export interface Representation {
  readonly bytes: Buffer;
  readonly etag: string;
  /** The ETag of each coding's bytes: a compressed answer is another representation. */
  etagOf(coding: Coding): string;
  encoded(coding: Exclude<Coding, "identity">): Promise<Buffer>;
}

export const JSON_TYPE = "application/json; charset=utf-8";

export function representation(text: string): Representation {
  const bytes = Buffer.from(text, "utf8");
  const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 32);
  const etag = `"${hash}"`;
  const encodings = new Map<Coding, Promise<Buffer>>();
  return {
    bytes,
    etag,
    etagOf: (coding) => (coding === "identity" ? etag : `"${hash}-${coding}"`),
    encoded(coding) {
      let encoding = encodings.get(coding);
      if (!encoding) {
        // Quality 5: most of brotli's gain at a small part of the default's (11) time.
        encoding =
          coding === "br"
            ? brotliAsync(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 5,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                },
              })
            : gzipAsync(bytes);
        encodings.set(coding, encoding);
      }
      return encoding;
    },
  };
}

const CODINGS: readonly Coding[] = ["identity", "gzip", "br"];

/**
 * Sends a kept answer: 304 when `If-None-Match` names it (in any coding: they decode to the same
 * bytes), else its bytes in the coding `Accept-Encoding` prefers.
 */
export async function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Representation,
): Promise<FastifyReply> {
  const coding = negotiateCoding(request.headers["accept-encoding"]);
  reply.header("vary", "Accept-Encoding").header("etag", answer.etagOf(coding));
  const tags = CODINGS.map((c) => answer.etagOf(c));
  if (noneMatchHits(request.headers["if-none-match"], tags)) return reply.code(304).send();
  reply.type(JSON_TYPE);
  if (coding === "identity") return reply.send(answer.bytes);
  return reply.header("content-encoding", coding).send(await answer.encoded(coding));
}

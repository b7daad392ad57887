import { createServer } from "node:http";
import { type LocalServer, listenLocally } from "./local-server";

/**
 * The limit a perfect cache reaches on this machine: a bare `node:http` server answering each
 * read with the very bytes the service answered it with, captured beforehand and kept in memory
 * (and 304 when `If-None-Match` names the captured ETag). **ours/limit** is then the share of
 * that ceiling the service reaches (docs/benchmarks.md).
 */

export interface Captured {
  bytes: Buffer;
  etag: string | null;
}

export type LimitServer = LocalServer;

/** GETs every path from `origin` (`concurrency` at a time) and keeps the answers; each must be 200. */
export async function captureAnswers(
  origin: string,
  paths: readonly string[],
  concurrency = 16,
): Promise<Map<string, Captured>> {
  const answers = new Map<string, Captured>();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      const response = await fetch(origin + path);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200)
        throw new Error(`capturing ${path}: ${response.status} ${bytes.toString("utf8").slice(0, 200)}`);
      answers.set(path, { bytes, etag: response.headers.get("etag") });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

export async function startLimitServer(answers: ReadonlyMap<string, Captured>): Promise<LimitServer> {
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? "");
    if (!answer) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not captured");
      return;
    }
    if (answer.etag && req.headers["if-none-match"] === answer.etag) {
      res.writeHead(304, { etag: answer.etag });
      res.end();
      return;
    }
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": answer.bytes.length,
      ...(answer.etag ? { etag: answer.etag } : {}),
    });
    res.end(answer.bytes);
  });
  return listenLocally(server);
}

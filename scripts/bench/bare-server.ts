import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parse } from "lossless-json";
import { AwardTokensRequest } from "@/lib/contract/awards";
import { UUID_PATTERN } from "@/lib/contract/fields";
import { NumberLiteral } from "@/lib/contract/number-literal";
import type { ServiceDb } from "@/service/db/connection";
import { awardTokens } from "@/service/domain/awards";
import { listProducts } from "@/service/domain/catalogue";
import { listCustomerItems, listCustomerTokens } from "@/service/domain/holdings";
import { type AuthorizedProject, authorize } from "@/service/domain/keys";
import { ServiceError } from "@/service/domain/service-error";
import { API_PREFIX } from "@/service/http/app";
import { isJsonObject } from "@/service/http/json-body";
import { stringifyWithRawTotals } from "@/service/http/wire-json";
import { type LocalServer, listenLocally } from "./local-server";

/**
 * The benchmark's yardstick: the same domain functions as the service, behind a bare
 * `node:http` server with no framework, the least validation that keeps the database safe
 * (a UUID check before `::uuid`, the award body through its contract schema, as the domain needs
 * its parsed form) and the same envelope and bytes. ours/bare then isolates what Fastify, the
 * zod path-parameter validation, hooks and serialization cost. Four routes only.
 */

export type BareServer = LocalServer;

const BODY_LIMIT = 64 * 1024;

class BareFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(body);
}

async function project(db: ServiceDb, key: unknown, projectGuid: unknown): Promise<AuthorizedProject> {
  if (typeof key !== "string" || typeof projectGuid !== "string" || !UUID_PATTERN.test(projectGuid)) {
    throw new BareFailure(401, "The API key is missing, unknown or revoked.");
  }
  const found = await authorize(db, key, projectGuid);
  if (!found) throw new BareFailure(401, "The API key is missing, unknown or revoked.");
  return found;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new BareFailure(413, "Body is larger than 64 KiB."));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function award(db: ServiceDb, req: IncomingMessage): Promise<string> {
  if (!req.headers["content-type"]?.startsWith("application/json"))
    throw new BareFailure(415, "Content-Type must be application/json.");
  let body: unknown;
  try {
    body = parse(await readBody(req), undefined, (literal) => new NumberLiteral(literal));
  } catch (error) {
    if (error instanceof BareFailure) throw error;
    throw new BareFailure(400, "Body is not valid JSON.");
  }
  if (!isJsonObject(body)) throw new BareFailure(400, "Body must be a JSON object.");
  const owner = await project(db, body.ApiKey, body.ProjectGuid);
  const parsed = AwardTokensRequest.safeParse(body);
  if (!parsed.success) throw new BareFailure(400, parsed.error.issues[0]?.message ?? "Invalid body.");
  const outcome = await awardTokens(db, owner.id, parsed.data);
  return JSON.stringify({ isError: "0", Error: "", Status: outcome.status });
}

async function route(db: ServiceDb, req: IncomingMessage): Promise<string> {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith(`${API_PREFIX}/`)) throw new BareFailure(404, "No such endpoint.");
  const parts = path.slice(API_PREFIX.length + 1).split("/");
  const [resource, key, projectGuid, customerId] = parts.map((part) => decodeURIComponent(part));
  if (req.method === "POST" && resource === "AwardTokens" && parts.length === 1) return award(db, req);
  if (req.method !== "GET") throw new BareFailure(404, "No such endpoint.");
  if (resource === "Products" && parts.length === 3) {
    const owner = await project(db, key, projectGuid);
    return JSON.stringify({ isError: "0", Error: "", Data: await listProducts(db, owner.id) });
  }
  if (resource === "Tokens" && parts.length === 4 && customerId) {
    const owner = await project(db, key, projectGuid);
    const tokens = await listCustomerTokens(db, owner.id, customerId);
    return stringifyWithRawTotals({ isError: "0", Error: "", Data: { Tokens: tokens } });
  }
  if (resource === "Items" && parts.length === 4 && customerId) {
    const owner = await project(db, key, projectGuid);
    return JSON.stringify({
      isError: "0",
      Error: "",
      Items: await listCustomerItems(db, owner.id, customerId),
    });
  }
  throw new BareFailure(404, "No such endpoint.");
}

export async function startBareServer(db: ServiceDb): Promise<BareServer> {
  const server = createServer((req, res) => {
    route(db, req).then(
      (body) => send(res, 200, body),
      (error: unknown) => {
        const status = error instanceof BareFailure || error instanceof ServiceError ? error.status : 500;
        const message = status === 500 ? "Internal error." : (error as Error).message;
        if (status === 500) console.error("bare server:", error);
        send(res, status, JSON.stringify({ isError: "1", Error: message }));
      },
    );
  });
  return listenLocally(server);
}

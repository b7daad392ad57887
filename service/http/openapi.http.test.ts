import { spawnSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Document, Spectral } from "@stoplight/spectral-core";
import * as Parsers from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, KEY, PROJECT } from "@/testing/service/fixtures";
import { call } from "@/testing/service/http-client";
import { testFolders } from "@/testing/temp-folders";

/**
 * The OpenAPI document is one game developers generate clients from (docs/service.md, "The
 * OpenAPI document"): Spectral's OAS rules find nothing in it, and every operation has a stable
 * operationId, a tag and a description.
 */
const service = serveFixtures({ per: "file" });

describe("the OpenAPI document", () => {
  it("passes Spectral's OAS ruleset (spectral:oas, recommended) without a warning", async () => {
    const document = (await call(service.base, "/openapi.json")).text;
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, "recommended"]] } as never);
    const results = await spectral.run(new Document(document, Parsers.Json));
    expect(results.map((r) => `${r.code} at ${r.path.join(".")}: ${r.message}`)).toEqual([]);
  });

  it("names every operation once, tags it with a declared tag and describes it", async () => {
    const document = (await call(service.base, "/openapi.json")).json;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ at: `${method} ${path}`, ...operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(26);
    const ids = operations.map((o) => o.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = new Set((document.tags as { name: string }[]).map((t) => t.name));
    for (const operation of operations) {
      expect(operation.tags, operation.at).toHaveLength(1);
      expect(declared.has(operation.tags[0]), operation.at).toBe(true);
      expect(String(operation.description).length, operation.at).toBeGreaterThan(20);
    }
    const byPath = (method: string, path: string) => document.paths[path][method].operationId;
    expect(byPath("post", "/AwardTokens")).toBe("awardTokens");
    expect(byPath("get", "/Tokens/{YourAPIKEY}/{ProjectGuid}/{CustomerID}")).toBe("listCustomerTokens");
    expect(byPath("post", "/Webhooks/Resend")).toBe("resendWebhookEvents");
  });
});

/** A value of a JSON schema's type, enough for a typed call (required properties only). */
function example(schema: any, document: any): unknown {
  if (schema?.$ref)
    return example(document.components.schemas[String(schema.$ref).split("/").pop() as string], document);
  if (schema?.anyOf) return example(schema.anyOf[0], document);
  if (schema?.oneOf) return example(schema.oneOf[0], document);
  if (schema?.enum) return schema.enum[0];
  switch (Array.isArray(schema?.type) ? schema.type[0] : schema?.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = example(schema.properties?.[name], document);
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      return "x";
  }
}

/**
 * `client.GET("/path", { params, body })` for one operation of the document, with every required
 * parameter and body field it names: what a developer writes against the generated types.
 */
function typedCall(document: any, path: string, method: string, operation: any): string {
  const params: Record<string, Record<string, unknown>> = {};
  for (const parameter of operation.parameters ?? []) {
    if (!parameter.required && parameter.in !== "path") continue;
    params[parameter.in] ??= {};
    (params[parameter.in] as Record<string, unknown>)[parameter.name] = example(parameter.schema, document);
  }
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  const init = {
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(bodySchema ? { body: example(bodySchema, document) } : {}),
  };
  return `await client.${method.toUpperCase()}(${JSON.stringify(path)}, ${JSON.stringify(init)});`;
}

describe("a TypeScript client generated from it (openapi-typescript, openapi-fetch)", () => {
  const folders = testFolders("openapi-client");

  it("typechecks a call of every operation, refuses a call that breaks the document, and calls the service", async () => {
    const text = (await call(service.base, "/openapi.json")).text;
    const document = JSON.parse(text);
    const folder = folders.next();
    writeFileSync(join(folder, "api.ts"), astToString(await openapiTS(text)));
    symlinkSync(join(process.cwd(), "node_modules"), join(folder, "node_modules"));
    const calls = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => typedCall(document, path, method, operation)),
    );
    const program = (body: string[]) =>
      [
        'import createClient from "openapi-fetch";',
        'import type { paths } from "./api";',
        'const client = createClient<paths>({ baseUrl: "http://127.0.0.1/api/public" });',
        ...body,
      ].join("\n");
    writeFileSync(join(folder, "every-operation.ts"), program(calls));
    // A call the document does not allow: AwardTokens without its RequestID.
    writeFileSync(
      join(folder, "broken.ts"),
      program([
        'await client.POST("/AwardTokens", { body: { ApiKey: "k", ProjectGuid: "p", IsAllowance: true, CustomerID: "c", Tokens: [] } });',
      ]),
    );
    const typecheck = (file: string) => {
      writeFileSync(
        join(folder, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: "es2022",
            module: "esnext",
            moduleResolution: "bundler",
            skipLibCheck: true,
          },
          files: [file],
        }),
      );
      return spawnSync(join(process.cwd(), "node_modules/@typescript/native/bin/tsc"), ["-p", folder], {
        encoding: "utf8",
      });
    };
    expect(calls.length).toBeGreaterThanOrEqual(26);
    const every = typecheck("every-operation.ts");
    expect(every.stdout + every.stderr).toBe("");
    expect(every.status).toBe(0);
    const broken = typecheck("broken.ts");
    expect(broken.status).not.toBe(0);
    expect(broken.stdout).toMatch(/RequestID/);

    // The client at work against the service: its tokens.
    const client = createClient<any>({ baseUrl: service.base });
    const answer = await client.GET("/Tokens/{YourAPIKEY}/{ProjectGuid}", {
      params: { path: { YourAPIKEY: KEY, ProjectGuid: PROJECT } },
    });
    expect(answer.response.status).toBe(200);
    expect(answer.data.isError).toBe("0");
    expect(JSON.stringify(answer.data)).toContain(GOLD);
  });
});

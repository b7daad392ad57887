import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answers, waitUntilAnswers } from "./wait-until-answers";

/** A server on a free port answering `status`, or nothing until `after` ms have passed. */
async function serve(status: number, after = 0): Promise<{ url: string; server: Server }> {
  const started = Date.now();
  const server = createServer((request, response) => {
    if (Date.now() - started < after) request.socket.destroy();
    else response.writeHead(status, status === 302 ? { location: "/elsewhere" } : {}).end("x");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe("waitUntilAnswers", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  it("counts 200 to 403 as answering, not a 404, a 500 or nothing at all", async () => {
    const results: [number, boolean][] = [];
    for (const status of [200, 302, 403, 404, 500]) {
      const { url, server } = await serve(status);
      servers.push(server);
      results.push([status, await answers(url)]);
    }
    expect(results).toEqual([
      [200, true],
      [302, true],
      [403, true],
      [404, false],
      [500, false],
    ]);
    expect(await answers("http://127.0.0.1:9/")).toBe(false);
  });

  it("waits while the server drops connections, and returns once it answers", async () => {
    const { url, server } = await serve(200, 800);
    servers.push(server);
    const started = Date.now();
    await waitUntilAnswers(url, { what: "the server", within: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it("names the program and its exit code when it stops before answering", async () => {
    const program = spawn(process.execPath, ["-e", "process.exit(3)"]);
    await expect(
      waitUntilAnswers("http://127.0.0.1:9/", { what: "the demo", program, within: 20_000 }),
    ).rejects.toThrow("the demo exited (3) before http://127.0.0.1:9/ answered");
  });

  it("names the URL and the limit when nothing answers in time", async () => {
    await expect(waitUntilAnswers("http://127.0.0.1:9/", { what: "the proxy", within: 300 })).rejects.toThrow(
      "the proxy did not answer http://127.0.0.1:9/ within 0.3 s",
    );
  });
});

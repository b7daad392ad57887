import { spawnSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { POSTGRES_PACKAGE } from "./postgres-binaries";
import { startsOf } from "./test-limits";
import { startThrowawayPostgres } from "./throwaway-postgres";

/**
 * A throwaway cluster runs the PostgreSQL that `npm install` brought (testing/postgres-binaries.ts),
 * on a machine that has another one too; as root, as an unprivileged user, made when missing.
 */

const isRoot = process.getuid?.() === 0;

/** The server process behind one connection: its program and the user it runs as. */
async function backend(url: string): Promise<{ exe: string; uid: number; version: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number; version: string }>(
      "select pg_backend_pid() as pid, version() as version",
    );
    const [row] = rows;
    if (!row) throw new Error("no row");
    const { pid, version } = row;
    const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return { exe: readlinkSync(`/proc/${pid}/exe`), uid, version };
  } finally {
    await client.end();
  }
}

describe.skipIf(process.env.PG_BIN)("startThrowawayPostgres", () => {
  it(
    "runs the registry package's PostgreSQL 15.18 from its prepared copy, not the system's",
    async () => {
      const server = await startThrowawayPostgres("pkg_check");
      try {
        const { exe, version } = await backend(server.url);
        expect(version).toMatch(/^PostgreSQL 15\.18 /);
        const copy = join(tmpdir(), `gcc-postgres-${POSTGRES_PACKAGE.split("/")[1]}-`);
        expect(exe.startsWith(copy)).toBe(true);
      } finally {
        server.stop();
      }
    },
    startsOf(2),
  );

  it.skipIf(!isRoot)(
    "as root, runs the server as an unprivileged user, made when the machine has none",
    async () => {
      const user = `gcc_pg_${process.pid}`;
      expect(spawnSync("id", ["-u", user]).status).not.toBe(0);
      try {
        const server = await startThrowawayPostgres("user_check", { serverUser: user });
        try {
          const uid = Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
          expect(uid).toBeGreaterThan(0);
          expect((await backend(server.url)).uid).toBe(uid);
        } finally {
          server.stop();
        }
      } finally {
        spawnSync("userdel", [user]);
      }
    },
    startsOf(2),
  );
});

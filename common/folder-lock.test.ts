import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { testFolders } from "@/testing/temp-folders";
import { currentHolder, FolderLockedError, lockFolder, parseHolder, startTimeOf } from "./folder-lock";

const temp = testFolders("lock");

const folder = () => join(temp.next(), "service");
const holderIn = (dir: string) => parseHolder(readFileSync(`${dir}.lock`, "utf8"));
const linux = process.platform === "linux";

/** A node process that does nothing until killed. */
async function idleProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
  await new Promise((done) => child.once("spawn", done));
  return child as ChildProcess & { pid: number };
}

/** Another process that takes the lock through lockFolder itself and keeps it until killed. */
async function lockingProcess(dir: string): Promise<ChildProcess> {
  const module = resolve(__dirname, "folder-lock.ts");
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `import(${JSON.stringify(module)}).then((m) => { m.lockFolder(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((done, fail) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && done());
    child.once("exit", (code) => fail(new Error(`the locking process exited (${code})`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise((done) => child.once("exit", done));

describe("PGlite folder lock", () => {
  it("names its holder in the lock file, refuses a second lock in the same process, removes it on release", () => {
    const dir = folder();
    const release = lockFolder(dir);
    expect(holderIn(dir)).toEqual(currentHolder());
    expect(holderIn(dir)?.pid).toBe(process.pid);
    expect(() => lockFolder(dir)).toThrow(FolderLockedError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockFolder(dir)();
  });

  it("refuses a folder held by another live process, with a message naming it", async () => {
    const dir = folder();
    const holder = await lockingProcess(dir);
    try {
      expect(() => lockFolder(dir)).toThrow(
        new RegExp(`in use by process ${holder.pid}.*PGlite allows one process per folder`),
      );
    } finally {
      holder.kill("SIGKILL");
      await exited(holder);
    }
    // Killed without releasing: its lock stays behind and is taken over.
    expect(holderIn(dir)?.pid).toBe(holder.pid);
    const release = lockFolder(dir);
    expect(holderIn(dir)).toEqual(currentHolder());
    release();
  });

  it("refuses a lock in the old format (a bare PID) while that PID runs", async () => {
    const dir = folder();
    const holder = await idleProcess();
    try {
      writeFileSync(`${dir}.lock`, String(holder.pid));
      expect(() => lockFolder(dir)).toThrow(FolderLockedError);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock whose process is gone", async () => {
    const dir = folder();
    const gone = spawn(process.execPath, ["-e", ""]);
    const pid = gone.pid as number;
    await exited(gone);
    writeFileSync(`${dir}.lock`, String(pid));
    const release = lockFolder(dir);
    expect(holderIn(dir)?.pid).toBe(process.pid);
    release();
  });

  it("takes over a lock left by an earlier life of its own PID (a container's PID 1 killed)", () => {
    const dir = folder();
    const self = currentHolder();
    // Same PID, started at another time: this PID's previous process, killed with its lock held.
    writeFileSync(`${dir}.lock`, JSON.stringify({ ...self, startTime: "1" }));
    const release = lockFolder(dir);
    expect(holderIn(dir)).toEqual(self);
    release();
    // The old format named only the PID: a bare lock with our PID is not ours in this life either.
    writeFileSync(`${dir}.lock`, String(process.pid));
    lockFolder(dir)();
  });

  it.runIf(linux)("takes over a lock whose PID now belongs to an unrelated process", async () => {
    const dir = folder();
    const unrelated = await idleProcess();
    try {
      const holder = { ...currentHolder(), pid: unrelated.pid, startTime: "1" };
      writeFileSync(`${dir}.lock`, JSON.stringify(holder));
      const release = lockFolder(dir);
      expect(holderIn(dir)?.pid).toBe(process.pid);
      release();
      // The same process with its real start time is the holder, and refused.
      const live = { ...holder, startTime: startTimeOf(unrelated.pid) };
      expect(live.startTime).toMatch(/^\d+$/);
      writeFileSync(`${dir}.lock`, JSON.stringify(live));
      expect(() => lockFolder(dir)).toThrow(FolderLockedError);
    } finally {
      unrelated.kill();
    }
  });

  it.runIf(linux)("takes over a lock written before the machine restarted (another boot id)", async () => {
    const dir = folder();
    const running = await idleProcess();
    try {
      const startTime = startTimeOf(running.pid);
      writeFileSync(
        `${dir}.lock`,
        JSON.stringify({ pid: running.pid, startTime, bootId: "00000000-0000-4000-8000-000000000000" }),
      );
      lockFolder(dir)();
    } finally {
      running.kill();
    }
  });
});

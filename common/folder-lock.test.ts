import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FolderLockedError, lockFolder } from "./folder-lock";

const folder = () => join(mkdtempSync(join(tmpdir(), "gcc-lock-")), "service");

describe("PGlite folder lock", () => {
  it("names the owner's PID in the lock file and removes it on release", () => {
    const dir = folder();
    const release = lockFolder(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    expect(() => lockFolder(dir)).toThrow(FolderLockedError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockFolder(dir)();
  });

  it("refuses a folder held by another live process, with a message naming it", async () => {
    const dir = folder();
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    try {
      await new Promise((resolve) => holder.once("spawn", resolve));
      writeFileSync(`${dir}.lock`, String(holder.pid));
      expect(() => lockFolder(dir)).toThrow(
        new RegExp(`in use by process ${holder.pid}.*PGlite allows one process per folder`),
      );
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock whose process is gone", async () => {
    const dir = folder();
    const gone = spawn(process.execPath, ["-e", ""]);
    const pid = gone.pid as number;
    await new Promise((resolve) => gone.once("exit", resolve));
    writeFileSync(`${dir}.lock`, String(pid));
    const release = lockFolder(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });
});

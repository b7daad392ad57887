import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** Raised when another live process holds the folder; its message is shown to people as is. */
export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
    /** The variable that switches this program to PostgreSQL, for the advice. */
    urlVariable: string,
  ) {
    super(
      `The embedded database ${folder} is in use by process ${pid}. PGlite allows one process per folder: ` +
        `stop that process (e.g. the running service or console) first, or use PostgreSQL (${urlVariable}) to run several.`,
    );
    this.name = "FolderLockedError";
  }
}

/**
 * Who holds a lock: a PID alone does not name a process for ever — a container's node runs as
 * PID 1 in every life, and the kernel hands freed PIDs to new processes. The PID with the
 * process's start time (clock ticks since boot) and the boot's id does: no two processes share
 * all three. Where /proc is missing (not Linux) only the PID is known.
 */
export interface LockHolder {
  pid: number;
  startTime?: string;
  bootId?: string;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
export function startTimeOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/** This process as it would be written into a lock file. */
export function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    startTime: startTimeOf(process.pid),
    bootId: readText("/proc/sys/kernel/random/boot_id"),
  };
}

/** Reads a lock file: JSON written by `lockFolder`, or a bare PID (older versions). */
export function parseHolder(text: string): LockHolder | undefined {
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isSafeInteger(value.pid)) return undefined;
    return {
      pid: value.pid as number,
      startTime: typeof value.startTime === "string" ? value.startTime : undefined,
      bootId: typeof value.bootId === "string" ? value.bootId : undefined,
    };
  } catch {
    return undefined;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Folders this process holds, kept on globalThis so that two copies of this module in one
 * process (bundles) see each other: a lock naming our own PID that is not in here was left by
 * an earlier life of this PID (a container's PID 1 killed by the OOM killer or kill -9).
 */
const registry = globalThis as { __gccFolderLocks?: Set<string> };
registry.__gccFolderLocks ??= new Set();
const held = registry.__gccFolderLocks;

/** Whether the process that wrote the lock still runs (the same process, not only its PID). */
function isLive(holder: LockHolder, lockPath: string, self: LockHolder): boolean {
  if (holder.pid === self.pid) return held.has(lockPath);
  if (holder.bootId !== undefined && self.bootId !== undefined && holder.bootId !== self.bootId) {
    return false; // Written before the machine restarted: every process of that boot is gone.
  }
  if (!pidExists(holder.pid)) return false;
  // The PID runs; it is the holder only if it started when the holder did (else: reused).
  if (holder.startTime === undefined) return true;
  const startTime = startTimeOf(holder.pid);
  return startTime === undefined || startTime === holder.startTime;
}

/**
 * Takes `<folder>.lock`, a file naming this process (PID, start time, boot id), so that a second
 * process opening the same PGlite folder fails clearly instead of silently writing a divergent
 * copy (PGlite has no lock of its own). A lock whose process is gone — exited, from before a
 * restart of the machine or the container, or whose PID now belongs to another process — is
 * taken over (docs/service.md, "Databases"). Returns the release function.
 */
export function lockFolder(folder: string, urlVariable = "SERVICE_DATABASE_URL"): () => void {
  const lockPath = `${folder}.lock`;
  const self = currentHolder();
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify(self));
      closeSync(fd);
      held.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(lockPath);
        process.off("exit", release);
        const holder = parseHolder(readText(lockPath) ?? "");
        if (holder?.pid === self.pid && holder.startTime === self.startTime) {
          rmSync(lockPath, { force: true });
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const text = readText(lockPath);
      if (text === undefined) continue; // Removed between our open and read: try again.
      const holder = parseHolder(text);
      if (holder !== undefined && isLive(holder, lockPath, self)) {
        throw new FolderLockedError(folder, holder.pid, urlVariable);
      }
      rmSync(lockPath, { force: true }); // Stale (or unreadable): its process is gone.
    }
  }
  throw new Error(`Could not take the lock ${lockPath}; try again.`);
}

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `<folder>.lock`, a file naming this process's PID, so that a second process opening the
 * same PGlite folder fails clearly instead of silently writing a divergent copy (PGlite has no
 * lock of its own). A lock whose PID is gone is taken over. Returns the release function.
 */
export function lockFolder(folder: string, urlVariable = "SERVICE_DATABASE_URL"): () => void {
  const lockPath = `${folder}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (readFileSync(lockPath, "utf8").trim() === String(process.pid)) rmSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = Number.NaN;
      try {
        owner = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
      } catch {
        continue; // Removed between our open and read: try again.
      }
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new FolderLockedError(folder, owner, urlVariable);
      }
      if (owner === process.pid) throw new FolderLockedError(folder, owner, urlVariable);
      rmSync(lockPath, { force: true }); // Stale: its process is gone.
    }
  }
  throw new Error(`Could not take the lock ${lockPath}; try again.`);
}

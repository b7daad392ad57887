import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time a process spent, read from Linux's /proc: its main thread apart from all its threads
 * (the console renders on its main thread; its embedded database, garbage collection and
 * compression run on others: docs/architecture.md). Milliseconds, at /proc's 10 ms resolution,
 * so a figure means something only over many answers.
 */
export interface ProcessCpu {
  main: number;
  all: number;
}

/** Kernel ticks per second: 100 on every Linux this runs on (`getconf CLK_TCK`). */
export const TICK_MS = 10;

/** utime + stime of a /proc stat line, in ms (fields 14 and 15; the name in parentheses may hold spaces). */
export function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The process's CPU so far, or null where /proc cannot tell (not Linux, or the process is gone). */
export function processCpu(pid: number): ProcessCpu | null {
  try {
    // The main thread's figure is the one summed into `all`: read apart, later, it could pass the
    // sum (the thread runs on while the others are read), and "all" would be less than "main".
    let main: number | null = null;
    let all = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const spent = statCpuMs(readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8"));
        if (task === String(pid)) main = spent;
        all += spent;
      } catch {
        // a thread that ended between the listing and the read
      }
    }
    if (main === null) return null;
    // Threads that ended are counted in the process's own line, not in any task's: take the larger.
    all = Math.max(all, statCpuMs(readFileSync(`/proc/${pid}/stat`, "utf8")));
    return { main, all };
  } catch {
    return null;
  }
}

/** The pid of the process listening on a local TCP port (`ss`), or null when it cannot be told. */
export function listeningPid(port: number): number | null {
  try {
    const line = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
    const pid = /pid=(\d+)/.exec(line)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}

/** What a process spent between two readings; null when either is missing. */
export function spent(before: ProcessCpu | null, after: ProcessCpu | null): ProcessCpu | null {
  if (!before || !after) return null;
  return { main: after.main - before.main, all: after.all - before.all };
}

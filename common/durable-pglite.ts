import { fsyncSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * How an embedded PGlite in a folder commits (docs/service.md, "Durability"):
 *
 * - `durable` (the default): a commit returns once its WAL is on disk, as PostgreSQL does by
 *   default. PGlite itself starts PostgreSQL with `-F` (fsync off), and its Node filesystem has no
 *   fsync at all, so PostgreSQL's fsync calls do nothing; here PostgreSQL runs without `-F` and
 *   each fsync reaches the disk through Node's `fsyncSync`.
 * - `fast`: PGlite's own setting. A crash of the process loses nothing (every write has reached
 *   the operating system); a power loss or an operating-system crash can lose the last commits
 *   and, as with `fsync=off` on any PostgreSQL, leave a database that must be restored.
 */
export type PgliteDurability = "durable" | "fast";

type PGliteInit = NodeFS["init"];

interface EmscriptenStream {
  nfd?: number;
}

interface EmscriptenModule {
  NODEFS: {
    stream_ops: { fsync?: (stream: EmscriptenStream) => number };
    tryFSOperation<T>(work: () => T): T;
  };
}

/** Node's filesystem for PGlite, with an fsync that syncs the file to disk. */
class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<PGliteInit>): ReturnType<PGliteInit> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [emscriptenOpts.preRun ?? []].flat() as ((module: EmscriptenModule) => void)[];
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...preRun,
          (module: EmscriptenModule) => {
            const nodefs = module.NODEFS;
            nodefs.stream_ops.fsync = (stream) => {
              const fd = stream.nfd;
              if (fd !== undefined) nodefs.tryFSOperation(() => fsyncSync(fd));
              return 0;
            };
          },
        ] as never,
      },
    };
  }
}

/**
 * PGlite's start parameters without `-F` (fsync off), and the WAL flushed at commit with fsync:
 * PostgreSQL's default on Linux, fdatasync, is a no-op in PGlite's Emscripten runtime (it never
 * reaches the filesystem's fsync), so a commit would return before its WAL is on disk.
 */
const durableStartParams = () => [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "wal_sync_method=fsync",
];

/** The PGlite options that give a database in `folder` the chosen durability. */
export function pgliteStorage(folder: string, durability: PgliteDurability): Partial<PGliteOptions> {
  if (durability === "fast") return { dataDir: folder };
  return { fs: new SyncingNodeFS(folder), startParams: durableStartParams() };
}

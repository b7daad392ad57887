import "server-only";
import { authorize } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { csvLine } from "@/lib/model/csv-out";
import { routeFailure } from "./define-route";

/** Rows encoded per chunk of the stream: a chunk is a few kilobytes, and the reader's pace sets the rest. */
const ROWS_PER_CHUNK = 200;

export interface CsvExport {
  /** The file's name before the date and `.csv` ("products" → products-2026-12-07.csv). */
  name: string;
  header: readonly string[];
  /** The rows in the order the list shows them, the list's filter applied. */
  rows: Iterable<readonly string[]> | AsyncIterable<readonly string[]>;
}

const text = (body: string, status: number) =>
  new Response(`${body}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * A list's Export (docs/console.md, "Exports"): the same guard as its page, then the rows the list
 * shows under the address's filter and sort — every page of them — as a CSV file, streamed while
 * it is read, every cell made formula-safe by csvLine. What goes wrong before the first byte is
 * answered as the live routes answer it (routeFailure); nothing is half-sent as a file then.
 */
export function defineCsvExport<P>(
  permission: Permission,
  prepare: (input: { request: Request; params: P; user: ConsoleUser }) => Promise<CsvExport>,
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    const access = await authorize(permission);
    if (!access.ok) return text(access.message, access.reason === "signed-out" ? 401 : 403);
    let file: CsvExport;
    try {
      file = await prepare({ request, params: await context.params, user: access.user });
    } catch (error) {
      const { message, status } = routeFailure(error);
      return text(message, status);
    }
    const encoder = new TextEncoder();
    const rows = (Symbol.asyncIterator in file.rows ? file.rows : toAsync(file.rows))[Symbol.asyncIterator]();
    let header = csvLine(file.header);
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk = header;
        header = "";
        for (let n = 0; n < ROWS_PER_CHUNK; n++) {
          const next = await rows.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += csvLine(next.value);
        }
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await rows.return?.();
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(stream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${file.name}-${day}.csv"`,
        "cache-control": "no-store",
      },
    });
  };
}

async function* toAsync<T>(rows: Iterable<T>): AsyncIterable<T> {
  yield* rows;
}

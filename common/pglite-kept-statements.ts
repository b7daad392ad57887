// Node runs this file as it is inside the database's thread (common/pglite-thread-worker.ts):
// it imports only packages.
import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * Statements parsed and planned once, then only bound and run (docs/architecture.md, "The
 * console's embedded database runs on a thread of its own"). PGlite's `query` parses, describes
 * and plans every statement anew, in six calls into the database; the console sends the same few
 * dozen statements over and over (the session, the connections, the trail's figures), so each
 * is kept as a named prepared statement and run with one call: bind, describe, execute, sync.
 * PostgreSQL keeps the plan (a generic one once it is no dearer) and plans again by itself when
 * a table it uses changes. The caller holds PGlite's locks, as PGlite's own `query` does.
 */

const { serialize } = protocol;

interface Kept {
  name: string;
  /** The parameters' types, from the statement's description: how each value is written. */
  paramTypes: number[];
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/** PostgreSQL's refusal to reuse a plan whose result columns changed (a table was altered). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === "0A000" && /cached plan/.test(String((error as Error).message));

export function keptStatements(database: PGlite, limit: number) {
  /** In order of last use: the first is the one to drop when the limit is reached. */
  const kept = new Map<string, Kept>();
  let next = 1;
  /** Close messages of dropped statements, sent with the next call. */
  let closing: Uint8Array[] = [];

  const send = (parts: Uint8Array[]) => {
    const message = concat([...closing, ...parts, serialize.sync()]);
    closing = [];
    return database.execProtocolStream(message, { syncToFs: false });
  };

  const drop = (sql: string) => {
    const statement = kept.get(sql);
    if (!statement) return;
    kept.delete(sql);
    closing.push(serialize.close({ type: "S", name: statement.name }));
  };

  async function prepare(sql: string): Promise<Kept> {
    const name = `kept_${next++}`;
    const messages = await send([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: "S", name }),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    if (kept.size >= limit) drop(kept.keys().next().value as string);
    kept.set(sql, statement);
    return statement;
  }

  async function execute(statement: Kept, params: unknown[], options: QueryOptions): Promise<Results> {
    // As PGlite's own query writes parameters: its serializer for the type, else the value's text.
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = database.serializers[statement.paramTypes[index] as number];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await send([
      serialize.bind({ statement: statement.name, values: values as string[] }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
    ]);
    return parse.parseResults(messages, database.parsers, options)[0] as Results;
  }

  return {
    /**
     * `inTransaction`: a stale plan's refusal ends the transaction, so there the statement is only
     * prepared again for its next use; outside one it is prepared again and run at once.
     */
    async query(
      sql: string,
      params: unknown[],
      options: QueryOptions,
      inTransaction: boolean,
    ): Promise<Results> {
      const known = kept.get(sql);
      if (known) {
        kept.delete(sql);
        kept.set(sql, known);
      }
      const statement = known ?? (await prepare(sql));
      try {
        return await execute(statement, params, options);
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        drop(sql);
        if (inTransaction) throw error;
        return await execute(await prepare(sql), params, options);
      }
    },
    /** How many statements are kept (tests). */
    get size() {
      return kept.size;
    },
  };
}

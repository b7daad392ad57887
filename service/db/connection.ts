import type { PGlite, Transaction } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import {
  type Database,
  type DatabaseTarget,
  type OpenDatabase,
  openDatabase as openAny,
} from "@/common/database";
import { DRIZZLE_TEXT_TYPES } from "@/common/drizzle-text-types";
import { keptStatements } from "@/common/pglite-kept-statements";
import * as schema from "./schema";

export type { DatabaseTarget };
export type ServiceDb = Database<typeof schema>;
export type ServiceDatabase = OpenDatabase<typeof schema>;

/** The service's database: its schema, and SERVICE_DATABASE_URL as the way to PostgreSQL. */
export async function openDatabase(target: DatabaseTarget): Promise<ServiceDatabase> {
  const database = await openAny(target, schema, "SERVICE_DATABASE_URL");
  if (database.driver !== "pglite") return database;
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return { ...database, db: drizzle(leanParsing(client), { schema }) as unknown as ServiceDb };
}

const asText = (value: string) => value;
const TEXT_OID = 25;
/** As the console's (common/pglite-thread-worker.ts): every statement the service sends, with room. */
const KEPT_STATEMENTS = 500;

type QueryOptions = Parameters<PGlite["query"]>[2];

/** Options without drizzle's per-query parsers when they are only the ones installed on the client. */
function lean(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers || !Object.keys(parsers).every((oid) => DRIZZLE_TEXT_TYPES.includes(Number(oid))))
    return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

/**
 * A PGlite client for drizzle that parses results as drizzle asks, at a fraction of the cost.
 * drizzle passes its text parsers with every query, and PGlite merges per-query parsers into
 * its own table of ~320 (one per type and array type) by copying it: about 0.2 ms of CPU per
 * query on a machine of the project's kind, nearly half the cost of a simple indexed read
 * (scripts/bench/award-throughput.ts). Installed once on the client, the same parsers give every
 * query the same values without the copy. Only this service's client is changed, and the service
 * reaches its database through drizzle alone.
 */
function leanParsing(client: PGlite): PGlite {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  // Bytes given for a text parameter go as they are (binary format: UTF-8, which PostgreSQL
  // checks). PGlite's own serializer makes a string of them, whose UTF-8 length its protocol
  // writer then counts character by character, twice: for the request log's segments, a hundred
  // kilobytes per write on the service's thread (service/domain/request-log.ts, docs/benchmarks.md).
  // (PGlite's types say a serializer returns a string; its writer takes bytes as well.)
  const textSerializer = client.serializers[TEXT_OID];
  client.serializers[TEXT_OID] = ((value: unknown) =>
    ArrayBuffer.isView(value) ? value : textSerializer ? textSerializer(value) : String(value)) as (
    value: unknown,
  ) => string;
  // Each statement parsed and planned once (common/pglite-kept-statements.ts), under PGlite's
  // own locks: a statement alone as its `query` takes them, one in a transaction as its `tx.query`.
  const statements = keptStatements(client, KEPT_STATEMENTS);
  const leanTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property === "query")
          return (query: string, params?: unknown[], options?: QueryOptions) => {
            if (target.closed) throw new Error("Transaction is closed");
            return client._runExclusiveQuery(() =>
              statements.query(query, params ?? [], lean(options) ?? {}, true),
            );
          };
        return Reflect.get(target, property, receiver);
      },
    });
  const query = async (text: string, params?: unknown[], options?: QueryOptions) => {
    const result = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => statements.query(text, params ?? [], lean(options) ?? {}, false)),
    );
    await client.syncToFs();
    return result;
  };
  const transaction = client.transaction.bind(client);
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "transaction")
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          transaction((tx) => callback(leanTransaction(tx)));
      // PGlite keeps its state in private fields: its methods must run on the client itself.
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

import { z } from "zod";
import { envelopeShape } from "./envelope";
import { decimalText, idCursorQuery, pageLimitQuery, utcTimeText } from "./fields";
import { type Strictness, strictnessTools } from "./strictness";

/**
 * Our request log extension (docs/service.md, "Request log"): what the service saw of each call
 * that passed the key check, read with a key that has the `keys` scope. It names the route
 * pattern, never the raw path (GET paths carry the key), and holds no key.
 */

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** Rows per page at most, and by default. */
export const REQUEST_LOG_PAGE_MAX = 200;
export const REQUEST_LOG_PAGE_DEFAULT = 50;

const utcTime = utcTimeText.optional();

/** The filters of `GET /Requests/{key}/{project}`: each optional, combined with "and". */
export const RequestLogQuery = z.object({
  Status: z
    .string()
    .regex(/^([245]xx|[1-5]\d\d)$/, { error: "must be a status class (2xx, 4xx, 5xx) or a status (404)" })
    .optional(),
  Route: z.string().max(200, { error: "must be at most 200 characters" }).optional(),
  CustomerID: z.string().max(200, { error: "must be at most 200 characters" }).optional(),
  RequestID: z.string().max(100, { error: "must be at most 100 characters" }).optional(),
  KeyId: z
    .string()
    .regex(/^\d{1,9}$/, { error: "must be a key's Id" })
    .optional(),
  From: utcTime,
  To: utcTime,
  Cursor: idCursorQuery,
  Limit: pageLimitQuery(REQUEST_LOG_PAGE_MAX),
});
export type RequestLogQuery = z.output<typeof RequestLogQuery>;

/** The time filters of `GET /Requests/Errors/{key}/{project}`. */
export const RequestErrorsQuery = RequestLogQuery.pick({ From: true, To: true, KeyId: true });
export type RequestErrorsQuery = z.output<typeof RequestErrorsQuery>;

function requestLogSchemas<L extends Strictness>(level: L) {
  const { object, whole } = strictnessTools(level);
  const envelope = envelopeShape(level).fields;
  const Entry = object({
    Id: z.string().meta({ description: "The entry's id; pages go from newest to oldest" }),
    At: z.string().meta({ description: "When the call arrived, ISO 8601 UTC to the millisecond" }),
    KeyId: whole(),
    KeyPrefix: z.string(),
    Method: z.string(),
    Route: z
      .string()
      .meta({ description: "The route pattern (/AwardTokens, /Customer/Tokens/…), never the raw path" }),
    Status: whole(),
    DurationMs: decimalText.meta({
      description: "From arrival to answer, in milliseconds (three decimals at most)",
    }),
    isError: z.string().meta({ description: '"1" when the answer was a failure' }),
    ErrorCode: z.string(),
    Error: z.string(),
    RequestID: z
      .string()
      .meta({ description: 'AwardTokens and FundWallet: the body\'s RequestID; "" otherwise' }),
    CustomerID: z.string(),
    CallerRequestId: z.string().meta({
      description:
        "The caller's X-Request-Id, or the id the service gave the call (its X-Request-Id answer header)",
    }),
    // Optional where the console reads it: a service from before it still lists its log.
    IP: (level === "emit" ? z.string() : z.string().optional()).meta({
      description: 'Prices: the IP query parameter (the buyer\'s address), as sent; "" otherwise',
    }),
  });
  const ErrorGroup = object({
    Route: z.string(),
    Status: whole(),
    ErrorCode: z.string(),
    Error: z.string(),
    Count: whole(),
    FirstAt: z.string(),
    LastAt: z.string(),
  });
  return {
    RequestLogResponse: object({
      ...envelope,
      Data: object({
        Requests: z.array(Entry),
        NextCursor: z
          .string()
          .meta({ description: 'Pass as Cursor for the next (older) page; "" at the end' }),
        KeptDays: whole().meta({ description: "How long the service keeps entries" }),
      }),
    }),
    RequestErrorsResponse: object({ ...envelope, Data: object({ Groups: z.array(ErrorGroup) }) }),
  };
}

export const requestLog = { emit: requestLogSchemas("emit"), accept: requestLogSchemas("accept") };
export type RequestLogEntry = z.infer<typeof requestLog.emit.RequestLogResponse>["Data"]["Requests"][number];
export type RequestErrorGroup = z.infer<
  typeof requestLog.emit.RequestErrorsResponse
>["Data"]["Groups"][number];

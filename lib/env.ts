import "server-only";
import { z } from "zod";
import { describeIssues } from "@/lib/contract/issues";

const schema = z.object({
  /** The service the console's default connection points at, e.g. http://127.0.0.1:3001/api/public. */
  COMMERCE_BASE_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  COMMERCE_PROJECT_GUID: z.string().optional(),
  COMMERCE_API_KEY: z.string().optional(),
});

export type ConsoleEnv = z.output<typeof schema>;

let parsed: ConsoleEnv | undefined;

/** The console's environment, parsed once (at first use, never during `next build`). */
export function consoleEnv(): ConsoleEnv {
  if (parsed) return parsed;
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) throw new Error(`Invalid console environment: ${describeIssues(result.error.issues)}`);
  parsed = result.data;
  return parsed;
}

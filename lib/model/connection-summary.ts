import type { ConnectionEnvironment } from "./connection-environment";

/**
 * What a browser may see of a connection: never the key, at most its last four characters.
 * Plain data from connections.ts (server-only), shown by the connections table.
 */
export interface ConnectionSummary {
  ref: string;
  name: string;
  baseUrl: string;
  projectGuid: string;
  keyHint: string;
  environment: ConnectionEnvironment;
  /** From the environment: shown, not editable. */
  readOnly: boolean;
}

/**
 * A connection's environment (docs/console.md, "Project connections"): "live" when the project
 * holds real players' tokens, "test" when it is for trying things. The owner sets it; the switcher,
 * the palette and the connections table show it, so nobody awards in live believing it is test.
 * Plain values with no imports: the browser's switcher and form read them too.
 */
export const CONNECTION_ENVIRONMENTS = ["test", "live"] as const;
export type ConnectionEnvironment = (typeof CONNECTION_ENVIRONMENTS)[number];

export const ENVIRONMENT_RULE = 'must be "test" or "live"';

/** The badge tone: live is the one to be careful in. */
export const environmentTone = (environment: ConnectionEnvironment) =>
  environment === "live" ? "warning" : "neutral";

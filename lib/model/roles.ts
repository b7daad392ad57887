/**
 * The console's roles (docs/console.md, "Requests, roles and the one guard"). Plain values with
 * no imports: the database schema, the server's guard and the browser's navigation read them.
 */
export const ROLES = ["owner", "manager", "support"] as const;
export type Role = (typeof ROLES)[number];

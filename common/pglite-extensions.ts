import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The PostgreSQL extensions every PGlite of this project loads, as PostgreSQL has them among its
 * contrib modules: pg_trgm for the service's customer search (service/db/migrations/0020). Both
 * places that start a PGlite (common/database.ts and its own-thread worker) pass these, since a
 * database whose migrations created an extension does not open without it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

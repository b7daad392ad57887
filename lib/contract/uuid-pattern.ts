/**
 * UUID form in any case (docs/service.md, "Identifiers and parameters", rule 3); compared case-insensitively by the service. Its own
 * module with no imports, so a browser component can test a RequestID without a schema library.
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The one form in which the console stores and compares a GUID: lower case (docs/console.md,
 * "Identifiers"). Here, with no imports, so browser code hands the server the same form.
 */
export const canonicalGuid = (guid: string): string => guid.trim().toLowerCase();

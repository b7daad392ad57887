import { uuid } from "./fields";
import { canonicalGuid } from "./uuid-pattern";

export { canonicalGuid };

/**
 * A UUID in any case, handed on canonical (lower-cased): the one form in which the console stores
 * and compares a GUID — a ProjectGuid, a RequestID, a token's or a contract's (docs/console.md,
 * "Identifiers"). The service compares GUIDs in any case (docs/service.md, "Identifiers and parameters"), so a connection typed
 * in capitals reaches the same project; the console's own lookups (award policies, daily limits,
 * the trail) compare text, and would miss it. Every GUID is made canonical where it enters, and
 * the console's tables refuse any other spelling (migration 0009).
 */
export const guid = uuid.transform(canonicalGuid);

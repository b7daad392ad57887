import { z } from "zod";
import { UUID_PATTERN } from "./uuid-pattern";

/**
 * The one form in which the console stores and compares a GUID — a ProjectGuid, a RequestID, a
 * token or contract GUID — is lower case (docs/console.md, "Identifiers"). The service compares
 * GUIDs in any case (DESIGN §3 rule 3), so a connection typed in capitals reaches the same project;
 * the console's own lookups (award policies, daily limits, the trail) compare text, and would miss
 * it. Every GUID is made canonical where it enters, and the console's tables refuse any other
 * spelling (migration 0009).
 */
export const canonicalGuid = (guid: string): string => guid.trim().toLowerCase();

/** A UUID in any case, handed on canonical (lower-cased). */
export const guid = z
  .string()
  .trim()
  .regex(UUID_PATTERN, { error: "must be a UUID (32 hexadecimal digits as 8-4-4-4-12)" })
  .transform(canonicalGuid);

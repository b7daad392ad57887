/**
 * How many token lines one award may carry (docs/service.md, "Awards", rule 13). Its own module with no imports,
 * so the award form in the browser can check it without loading the contract's schemas.
 */
export const MAX_TOKEN_LINES = 100;

/** A reversal's `Reason`: at most this many characters (docs/service.md, "Reversals"). */
export const MAX_REASON_LENGTH = 500;

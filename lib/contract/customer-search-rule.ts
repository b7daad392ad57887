import { CUSTOMER_ID_MAX } from "./customer-id-rule";

/**
 * The customer search's limits on what is typed (docs/service.md, "Customer search"), as plain
 * values with no schema library, so the console's search box can hold to them in the browser.
 */

/** The shortest fragment searched: shorter ones match too much to be of use. */
export const SEARCH_MIN_LENGTH = 3;
/** The longest fragment: a CustomerID's own limit. */
export const SEARCH_MAX_LENGTH = CUSTOMER_ID_MAX;

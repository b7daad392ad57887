/**
 * The console's own row numbers (a campaign, a list, a batch) are PostgreSQL `serial`s: a number
 * above this is no row, and asking the database for it would fail (integer out of range) instead
 * of finding nothing.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `id` can be a row's number: a whole number from 1 to MAX_ROW_ID. */
export const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;

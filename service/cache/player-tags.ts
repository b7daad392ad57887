/**
 * What kept player answers are known by (docs/service.md, "Caches"), so that a change drops just
 * that player's answers: the project and CustomerID as the request names them (known before the
 * answer is read; a write on this instance drops them at once), and the customer's row id (learnt
 * from the read; the database's notifications name it, migration 0009).
 */
export const playerTag = (projectId: number, customerId: string) => `player ${projectId} ${customerId}`;

export const customerRowTag = (customerRowId: number) => `customer ${customerRowId}`;

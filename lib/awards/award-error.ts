/** An award problem a person can act on; the action passes its message on. */
export class AwardError extends Error {}

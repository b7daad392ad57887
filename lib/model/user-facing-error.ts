/**
 * An error whose message is written for the person using the console: what went wrong and what to
 * do, never an internal detail. The one edge of each kind of request turns it into its answer —
 * a server action's `{ ok: false, error, fieldErrors }` (lib/actions/define-action.ts), a live
 * route's JSON `{ error }` with `status` (lib/api/define-route.ts) — so no action or route
 * translates errors by hand. Any other error is logged and answered with a generic message.
 * Each feature's own kind (AwardError, ApprovalError…) extends it.
 */
export class UserFacingError extends Error {
  /** The fields of a form that were wrong, by name, each with its message. */
  readonly fieldErrors?: Record<string, string>;
  /** The HTTP status a route answers it with: 400 unless said otherwise. */
  readonly status: number;

  constructor(message: string, options: { fieldErrors?: Record<string, string>; status?: number } = {}) {
    super(message);
    this.name = new.target.name;
    this.fieldErrors = options.fieldErrors;
    this.status = options.status ?? 400;
  }
}

import { UserFacingError } from "@/lib/model/user-facing-error";

/** An award problem a person can act on; the action's guard passes its message on. */
export class AwardError extends UserFacingError {}

import "server-only";
import { ServiceCallError } from "@/lib/client/call-service";
import { UserFacingError } from "@/lib/model/user-facing-error";

/**
 * A service's refusal of an owner's act, in words for the owner (the actions pass the message on):
 * the service's own reason and `nothing` ("Nothing was changed.") when it is certain nothing
 * happened, or a warning to look before trying again when the answer was lost. Anything but a
 * ServiceCallError is the console's own failure and goes on as it is.
 */
export function refusedByService(
  error: unknown,
  nothing: string,
  As: new (message: string) => UserFacingError = UserFacingError,
): never {
  if (!(error instanceof ServiceCallError)) throw error;
  // Refused, or never delivered: nothing happened. Otherwise the service may have acted and
  // its answer was lost (too slow, cut off, unreadable).
  const certain = error.kind === "refused" || (error.kind === "unreachable" && error.status === null);
  throw new As(
    certain
      ? `${error.message} ${nothing}`
      : `${error.message} The service may have done it all the same: look at the list before trying again.`,
  );
}

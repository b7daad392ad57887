import "server-only";
import { findUser } from "@/lib/auth/users";
import type { ConsoleDb } from "@/lib/db/connection";
import type { ConsoleUser } from "@/lib/model/console-user";
import { UserFacingError } from "@/lib/model/user-facing-error";

/** The user an owner's action is about, or the refusal a person reads when there is none. */
export async function targetUser(db: ConsoleDb, userId: number): Promise<ConsoleUser> {
  const target = await findUser(db, userId);
  if (!target) throw new UserFacingError("This user does not exist.");
  return target;
}

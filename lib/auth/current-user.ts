import "server-only";
import { redirect } from "next/navigation";
import { consoleDb } from "@/lib/db/console-db";
import { auth } from "./auth";
import { can, type Permission } from "./permissions";
import { type ConsoleUser, findUser } from "./users";

/**
 * The signed-in user as the database knows them now: a deactivated or deleted user has no
 * session any more, and a changed role applies at once (DESIGN §7).
 */
export async function currentUser(): Promise<ConsoleUser | null> {
  const session = await auth();
  const id = Number(session?.user?.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const user = await findUser(await consoleDb(), id);
  return user?.active ? user : null;
}

/** For pages: the user, or a redirect to sign-in (or to the "not allowed" page for the role). */
export async function requirePageUser(permission?: Permission): Promise<ConsoleUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  if (permission && !can(user.role, permission))
    redirect(`/not-allowed?need=${encodeURIComponent(permission)}`);
  return user;
}

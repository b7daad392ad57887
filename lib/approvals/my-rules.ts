import "server-only";
import type { ConsoleUser } from "@/lib/auth/users";
import type { ConsoleDb } from "@/lib/db/connection";
import { readPolicies } from "./policies";
import { rulesFor, type TokenRules } from "./policy-model";
import { usedToday } from "./spend";

/** The signed-in person's thresholds, limits and what remains today for a project (a read, for pages). */
export async function myRules(db: ConsoleDb, user: ConsoleUser, projectGuid: string): Promise<TokenRules[]> {
  const [policies, used] = await Promise.all([
    readPolicies(db, projectGuid),
    usedToday(db, user.id, projectGuid),
  ]);
  return rulesFor(policies, user.role, used);
}

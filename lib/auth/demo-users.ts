import "server-only";
import type { ConsoleDb } from "@/lib/db/connection";
import type { Role } from "@/lib/model/roles";
import { createUser, UserError } from "./users";

/** Demo only (README says so): one user per role, all with this password. */
export const DEMO_PASSWORD = "demo-password";
export const DEMO_USERS: { email: string; role: Role; name: string }[] = [
  { email: "owner@demo.test", role: "owner", name: "Olivia Owner" },
  { email: "manager@demo.test", role: "manager", name: "Max Manager" },
  { email: "support@demo.test", role: "support", name: "Sam Support" },
];

/** Creates the demo users that are missing; existing accounts are left as they are. */
export async function ensureDemoUsers(db: ConsoleDb): Promise<void> {
  for (const user of DEMO_USERS) {
    try {
      await createUser(db, { ...user, password: DEMO_PASSWORD });
    } catch (error) {
      if (!(error instanceof UserError && error.fieldErrors?.email === "already has an account")) throw error;
    }
  }
}

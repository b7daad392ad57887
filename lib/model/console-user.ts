import type { Role } from "./roles";

/** A console user as pages, tables and the guard know them: never the password hash or the second factor. */
export interface ConsoleUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  active: boolean;
}

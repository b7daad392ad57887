"use server";
import "server-only";
import { signOut } from "@/lib/auth/auth";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}

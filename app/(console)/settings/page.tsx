import { redirect } from "next/navigation";
import { requirePageUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  await requirePageUser("users:manage");
  redirect("/settings/users");
}

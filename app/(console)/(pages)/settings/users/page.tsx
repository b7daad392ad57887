import type { Metadata } from "next";
import { UserCreateForm } from "@/components/settings/user-create-form";
import { UsersTable } from "@/components/settings/users-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { readUsers } from "@/lib/auth/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users · Settings" };

export default async function UsersPage() {
  const me = await requirePageUser("users:manage");
  const users = await readUsers();
  return (
    <main className="flex flex-col gap-8 py-4">
      <PageHeader
        title="Users"
        description="Who may sign in, and with which role. Changes apply to the user's next click."
      />
      <UsersTable users={users.map((user) => ({ ...user, you: user.id === me.id }))} />
      <section aria-labelledby="new-user" className="flex flex-col gap-4">
        <h2 id="new-user" className="text-lg font-semibold">
          New user
        </h2>
        <UserCreateForm />
      </section>
    </main>
  );
}

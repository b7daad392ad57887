import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { UserCreateForm } from "@/components/settings/user-create-form";
import { UserRowActions } from "@/components/settings/user-row-actions";
import { Badge } from "@/components/ui/badge";
import { requirePageUser } from "@/lib/auth/current-user";
import { listUsers } from "@/lib/auth/user-admin";
import { consoleDb } from "@/lib/db/console-db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users · Settings" };

export default async function UsersPage() {
  const me = await requirePageUser("users:manage");
  const users = await listUsers(await consoleDb());
  return (
    <main className="flex flex-col gap-8 py-4">
      <PageHeader
        title="Users"
        description="Who may sign in, and with which role. Changes apply to the user's next click."
      />
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Console users</caption>
          <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Email
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Role and access
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr
                key={user.id}
                data-testid={`user-${user.email}`}
                className="border-t border-zinc-200 dark:border-zinc-800"
              >
                <td className="px-3 py-2">
                  {user.email}
                  {user.id === me.id ? (
                    <span className="ml-2 text-xs text-zinc-600 dark:text-zinc-400">(you)</span>
                  ) : null}
                </td>
                <td className="px-3 py-2">{user.name}</td>
                <td className="px-3 py-2">
                  {user.active ? (
                    <Badge tone="good">Active</Badge>
                  ) : (
                    <Badge tone="neutral">Deactivated</Badge>
                  )}
                </td>
                <td className="px-3 py-2">
                  <UserRowActions userId={user.id} email={user.email} role={user.role} active={user.active} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="new-user" className="flex flex-col gap-4">
        <h2 id="new-user" className="text-lg font-semibold">
          New user
        </h2>
        <UserCreateForm />
      </section>
    </main>
  );
}

import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { ConnectionForm } from "@/components/settings/connection-form";
import { ConnectionRowActions } from "@/components/settings/connection-row-actions";
import { Badge } from "@/components/ui/badge";
import { requirePageUser } from "@/lib/auth/current-user";
import { listConnections } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connections · Settings" };

export default async function ConnectionsPage() {
  await requirePageUser("connections:manage");
  const connections = await listConnections(await consoleDb(), consoleEnv());
  return (
    <main className="flex flex-col gap-8 py-4">
      <PageHeader
        title="Connections"
        description="The projects this console reads: a service's base URL, the ProjectGuid and an API key for it."
      />
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Project connections</caption>
          <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Base URL
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Project GUID
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                API key
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {connections.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-zinc-600 dark:text-zinc-400">
                  No connection yet: add the first one below.
                </td>
              </tr>
            ) : null}
            {connections.map((connection) => (
              <tr
                key={connection.ref}
                data-testid={`connection-${connection.name}`}
                className="border-t border-zinc-200 align-top dark:border-zinc-800"
              >
                <td className="px-3 py-2">
                  {connection.name}
                  {connection.readOnly ? (
                    <span className="ml-2">
                      <Badge>From the environment, read-only</Badge>
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <code className="font-mono text-xs">{connection.baseUrl}</code>
                </td>
                <td className="px-3 py-2">
                  <code className="font-mono text-xs whitespace-nowrap">{connection.projectGuid}</code>
                </td>
                <td className="px-3 py-2 font-mono text-xs">{connection.keyHint}</td>
                <td className="px-3 py-2">
                  <ConnectionRowActions
                    connectionRef={connection.ref}
                    name={connection.name}
                    readOnly={connection.readOnly}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="new-connection" className="flex flex-col gap-4">
        <h2 id="new-connection" className="text-lg font-semibold">
          New connection
        </h2>
        <ConnectionForm />
      </section>
    </main>
  );
}

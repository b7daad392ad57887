import { InlineCode } from "@/components/ui/inline-code";
import { requirePageUser } from "@/lib/auth/current-user";
import { consoleEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

/** Home until the catalogue, players and awards pages land. */
export default async function HomePage() {
  const user = await requirePageUser("catalogue:read");
  const { COMMERCE_BASE_URL } = consoleEnv();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Welcome, {user.name || user.email}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        The catalogue, player and award pages are being built. The reference service is running beside the
        console.
      </p>
      {COMMERCE_BASE_URL ? (
        <p className="text-sm">
          Service: <InlineCode>{COMMERCE_BASE_URL}</InlineCode>
        </p>
      ) : null}
    </main>
  );
}

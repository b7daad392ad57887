import { InlineCode } from "@/components/ui/inline-code";
import { consoleEnv } from "@/lib/env";

// Read at request time: the service address comes from the environment of the running server.
export const dynamic = "force-dynamic";

/** Placeholder home until the console's pages land (sign-in, catalogue, players, awards). */
export default function HomePage() {
  const { COMMERCE_BASE_URL } = consoleEnv();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Game Commerce Console</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        The console for catalogues, players and token awards is being built. The reference service is running
        beside it.
      </p>
      {COMMERCE_BASE_URL ? (
        <p className="text-sm">
          Service: <InlineCode>{COMMERCE_BASE_URL}</InlineCode>
        </p>
      ) : null}
    </main>
  );
}

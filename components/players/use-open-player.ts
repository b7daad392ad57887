"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { rememberLookupAction } from "@/lib/actions/players/remember-lookup";

/**
 * Opens a player's page from a search or lookup, and remembers the lookup for the console's own
 * search (docs/console.md, "Finding a player"). The page opens whether or not that succeeds.
 */
export function useOpenPlayer(): { open: (customerId: string) => void; pending: boolean } {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return {
    pending,
    open: (customerId) => {
      void rememberLookupAction({ customerId }).catch(() => undefined);
      startTransition(() => router.push(`/players/${encodeURIComponent(customerId)}`));
    },
  };
}

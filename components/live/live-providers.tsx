"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "@/components/ui/toaster";

/**
 * The console shell's client data layer (docs/console.md, "Live data"): one QueryClient per
 * browser tab for the reads that change while a person looks, and the toast host for the
 * outcomes of actions (toasts repeat an outcome; the page always shows it too). No devtools.
 */
export function LiveProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            // Pages render the first state on the server; a query refreshes it, it never blocks it.
            staleTime: 2_000,
            retry: 1,
            refetchOnWindowFocus: true,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

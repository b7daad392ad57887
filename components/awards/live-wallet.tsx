"use client";
import { useQuery } from "@tanstack/react-query";
import { FundForm } from "@/components/awards/fund-form";
import { WalletFunding } from "@/components/awards/wallet-funding";
import { WalletQueue } from "@/components/awards/wallet-queue";
import type { WalletView } from "@/lib/awards/wallet";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";

/** How often an open wallet page asks again (never while the tab is hidden). */
const REFRESH_MS = 10_000;

/**
 * The wallet page's live part: balances, gaps and the queue, first painted by the server and then
 * kept current by TanStack Query (a funding elsewhere, awards joining the queue).
 */
export function LiveWallet({
  initial,
  canFund,
  initialRequestId,
}: {
  initial: WalletView;
  canFund: boolean;
  initialRequestId: string;
}) {
  const { data, error } = useQuery({
    queryKey: queryKeys.wallet,
    queryFn: ({ signal }) => getJson<WalletView>("/api/wallet", signal),
    initialData: initial,
    refetchInterval: REFRESH_MS,
  });
  const { contracts, queue } = data;
  return (
    <>
      {error ? (
        <p data-testid="wallet-stale" className="text-sm text-warning">
          Showing the last figures read: {error.message}
        </p>
      ) : null}
      <section aria-labelledby="balances-heading" className="flex flex-col gap-3">
        <h2 id="balances-heading" className="text-lg font-semibold">
          Balances and funding gaps
        </h2>
        <WalletFunding contracts={contracts} />
      </section>
      <section aria-labelledby="queue-heading" className="flex flex-col gap-3">
        <h2 id="queue-heading" className="text-lg font-semibold">
          Waiting for funds ({queue.length})
        </h2>
        <WalletQueue queue={queue} />
      </section>
      {canFund && contracts.length > 0 ? (
        <section aria-labelledby="fund-heading" className="flex flex-col gap-3">
          <h2 id="fund-heading" className="text-lg font-semibold">
            Fund the wallet
          </h2>
          <FundForm
            initialRequestId={initialRequestId}
            targets={contracts.map((c) => ({
              token: c.tokenGuid,
              contract: c.contractGuid,
              label: `${c.symbol} on ${c.chain}`,
              gap: c.gap,
            }))}
          />
        </section>
      ) : null}
    </>
  );
}

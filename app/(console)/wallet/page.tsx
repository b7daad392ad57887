import { FundForm } from "@/components/awards/fund-form";
import { WalletFunding } from "@/components/awards/wallet-funding";
import { WalletQueue } from "@/components/awards/wallet-queue";
import { PageHeader } from "@/components/layout/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { can } from "@/lib/auth/permissions";
import { newRequestId } from "@/lib/awards/request-id";
import { tokenSymbols } from "@/lib/awards/token-symbols";
import { awardsByRequestId } from "@/lib/awards/trail";
import { fundingGaps } from "@/lib/awards/wallet";
import { getWallet } from "@/lib/client/awards";
import { isExtensionMissing } from "@/lib/client/capabilities";
import { consoleDb } from "@/lib/db/console-db";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";

/** The project wallet (our extension): what it holds, what waits for it, and funding it. */
export default async function WalletPage() {
  const { user, read } = await readProject("wallet:read", async (connection) => {
    const [wallet, symbols] = await Promise.all([
      getWallet(connection).catch((error: unknown) => {
        if (isExtensionMissing(error)) return null;
        throw error;
      }),
      tokenSymbols(connection),
    ]);
    if (!wallet) return null;
    const queue = wallet.Data.Queue;
    const sent = await awardsByRequestId(
      await consoleDb(),
      connection.projectGuid,
      queue.map((award) => award.RequestID),
    );
    return {
      wallet: wallet.Data,
      symbols,
      inTrail: new Set(sent.map((award) => award.requestId.toLowerCase())),
    };
  });
  const header = (
    <PageHeader
      title="Project wallet"
      description="Direct distributions are paid from this wallet; when it is short they wait in a queue and settle in order as soon as it is funded."
    />
  );
  if (!read.ok || !read.data) {
    return (
      <main className="flex flex-col gap-6 px-6 py-6">
        {header}
        {read.ok ? (
          <p className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            This project's service implements the public spec only: it has no project wallet (our Wallet and
            FundWallet extensions).
          </p>
        ) : (
          <ServiceFailurePanel failure={read.failure} />
        )}
      </main>
    );
  }
  const { wallet, symbols, inTrail } = read.data;
  const contracts = fundingGaps(wallet);
  return (
    <main className="flex flex-col gap-8 px-6 py-6">
      {header}
      <section aria-labelledby="balances-heading" className="flex flex-col gap-3">
        <h2 id="balances-heading" className="text-lg font-semibold">
          Balances and funding gaps
        </h2>
        <WalletFunding contracts={contracts} />
      </section>
      <section aria-labelledby="queue-heading" className="flex flex-col gap-3">
        <h2 id="queue-heading" className="text-lg font-semibold">
          Waiting for funds ({wallet.Queue.length})
        </h2>
        <WalletQueue queue={wallet.Queue} symbols={symbols} inTrail={inTrail} now={new Date()} />
      </section>
      {can(user.role, "wallet:fund") && contracts.length > 0 ? (
        <section aria-labelledby="fund-heading" className="flex flex-col gap-3">
          <h2 id="fund-heading" className="text-lg font-semibold">
            Fund the wallet
          </h2>
          <FundForm
            initialRequestId={newRequestId()}
            targets={contracts.map((c) => ({
              token: c.tokenGuid,
              contract: c.contractGuid,
              label: `${c.symbol} on ${c.chain}`,
              gap: c.gap,
            }))}
          />
        </section>
      ) : null}
    </main>
  );
}

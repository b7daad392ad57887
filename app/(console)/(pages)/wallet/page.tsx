import type { Metadata } from "next";
import { LiveWallet } from "@/components/awards/live-wallet";
import { PageHeader } from "@/components/ui/page-header";
import { ServiceFailurePanel } from "@/components/ui/service-failure";
import { can } from "@/lib/auth/permissions";
import { newRequestId } from "@/lib/awards/request-id";
import { readWalletView } from "@/lib/awards/wallet-view";
import { readProject } from "@/lib/project/read-project";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Wallet" };

/** The project wallet (our extension): what it holds, what waits for it, and funding it. */
export default async function WalletPage() {
  const { user, read } = await readProject("wallet:read", readWalletView);
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
          <p className="rounded-lg border border-border p-4">
            This project's service implements the public spec only: it has no project wallet (our Wallet and
            FundWallet extensions).
          </p>
        ) : (
          <ServiceFailurePanel failure={read.failure} />
        )}
      </main>
    );
  }
  return (
    <main className="flex flex-col gap-8 px-6 py-6">
      {header}
      <LiveWallet
        initial={read.data}
        canFund={can(user.role, "wallet:fund")}
        initialRequestId={newRequestId()}
      />
    </main>
  );
}

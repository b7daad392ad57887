import { Wallet } from "lucide-react";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import type { FundingView } from "@/lib/overview/overview-data";

/**
 * The queue and the funding gap per contract (lib/awards/wallet.ts computes them, exactly, for the
 * wallet page too), or why they cannot be shown. Not rendered for a role that may not see the
 * wallet. Only an owner gets the way to fund it.
 */
export function FundingGaps({ funding }: { funding: Exclude<FundingView, { kind: "not-allowed" }> }) {
  return (
    <Card aria-labelledby="funding-heading" data-testid="funding">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="funding-heading">Queue and funding gaps</CardTitle>
          <CardDescription>
            {funding.kind === "shown"
              ? `${funding.waiting} award${funding.waiting === 1 ? "" : "s"} waiting for funds in the project wallet.`
              : "Direct distributions wait in the project wallet's queue when it is short."}
          </CardDescription>
        </div>
        {funding.kind === "shown" && funding.canFund ? (
          <Button asChild variant="outline" size="sm">
            <Link href="/wallet#fund-heading">
              <Wallet aria-hidden="true" />
              Fund the wallet
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {funding.kind === "spec-only" ? (
          <p data-testid="funding-unavailable" className="text-sm">
            Not available: this project's service implements the public spec only. It has no project wallet
            (our Wallet extension), so the console cannot show what waits for funds or how much is missing.
          </p>
        ) : funding.kind === "failed" ? (
          <p data-testid="funding-unavailable" className="text-sm">
            The service did not answer about the wallet: {funding.message}
          </p>
        ) : funding.contracts.length === 0 ? (
          <p className="text-sm text-muted-foreground">The project has no token contracts.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {funding.contracts.map((contract) => (
              <li
                key={contract.contractGuid}
                data-testid={`funding-${contract.symbol}-${contract.chain}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium">{contract.symbol}</span>{" "}
                  <span className="text-muted-foreground">on {contract.chain}</span>
                  <span className="block text-xs text-muted-foreground">
                    Balance <Amount value={contract.balance} className="font-mono break-all" /> ·{" "}
                    {contract.waiting} waiting
                  </span>
                </span>
                {contract.gap === "0" ? (
                  <Badge tone="success">Covered</Badge>
                ) : (
                  <span className="flex min-w-0 items-center gap-2">
                    <Badge tone="warning">Short</Badge>
                    <span className="font-mono break-all tabular-nums" data-testid="gap">
                      <Amount value={contract.gap} />
                    </span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

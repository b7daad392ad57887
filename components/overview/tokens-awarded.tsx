import { BarChart3 } from "lucide-react";
import { Amount } from "@/components/ui/amount";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Disclosure } from "@/components/ui/disclosure";
import { EmptyState } from "@/components/ui/empty-state";
import type { TokenSeries } from "@/lib/overview/aggregate";
import type { OverviewRange } from "@/lib/overview/overview-range";
import { formatDay } from "@/lib/time/format-time";
import { TokenChart } from "./token-chart";

export interface TokensAwardedProps {
  tokens: TokenSeries[];
  range: Pick<OverviewRange, "label" | "previousLabel">;
}

/**
 * Tokens awarded per token per day: a chart per token (tokens have their own units, so they are
 * never stacked on one scale) and one table with the same exact figures behind a disclosure, rendered
 * when it is first opened.
 */
export function TokensAwarded({ tokens, range }: TokensAwardedProps) {
  const dayList = tokens[0]?.days.map((point) => point.day).reverse() ?? [];
  return (
    <Card aria-labelledby="tokens-heading">
      <CardHeader>
        <CardTitle id="tokens-heading">Tokens awarded per day</CardTitle>
        <CardDescription>
          {range.label} (UTC days): completed and accepted awards, by the day they were sent, each token
          against {range.previousLabel}. Queued, failed and unknown ones are not counted.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {tokens.length === 0 ? (
          <EmptyState
            icon={BarChart3}
            title="Nothing awarded in this period"
            description={`No award completed or was accepted: ${range.label.toLowerCase()}.`}
          />
        ) : (
          <>
            <div className="grid gap-6 xl:grid-cols-2">
              {tokens.map((series, index) => (
                <figure
                  key={series.token}
                  className="flex flex-col gap-2"
                  data-testid={`chart-${series.symbol}`}
                >
                  <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
                    <span className="font-medium">{series.symbol}</span>
                    <span className="text-muted-foreground">
                      <Amount value={series.total} className="font-mono break-all text-foreground" />{" "}
                      <span data-testid="previous-total">
                        (<Amount value={series.previous} className="font-mono" /> {range.previousLabel})
                      </span>
                    </span>
                  </figcaption>
                  <TokenChart series={series} index={index} />
                </figure>
              ))}
            </div>
            <Disclosure
              className="rounded-md border border-border"
              summaryClassName="cursor-pointer px-3 py-2 text-sm font-medium"
              summary="The figures as a table"
            >
              <section
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (axe: scrollable-region-focusable)
                tabIndex={0}
                aria-label="Tokens awarded per day, exact amounts"
                className="max-h-96 overflow-auto border-t border-border"
              >
                <table className="w-full text-left text-sm" data-testid="tokens-table">
                  <caption className="sr-only">Tokens awarded per day (UTC), exact amounts</caption>
                  <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Day
                      </th>
                      {tokens.map((series) => (
                        <th key={series.token} scope="col" className="px-3 py-2 text-right font-medium">
                          {series.symbol}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {dayList.map((day) => (
                      <tr key={day} data-testid={`tokens-day-${day}`} className="border-t border-border">
                        <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                          <time dateTime={day}>{formatDay(day)}</time>
                        </th>
                        {tokens.map((series) => (
                          <td
                            key={series.token}
                            data-testid={`amount-${series.symbol}`}
                            className="px-3 py-1.5 text-right font-mono tabular-nums"
                          >
                            {series.days.find((point) => point.day === day)?.amount ?? "0"}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </Disclosure>
          </>
        )}
      </CardContent>
    </Card>
  );
}

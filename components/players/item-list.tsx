import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import type { Item } from "@/lib/contract/holdings";

/** Items with their attributes; dynamic attributes (changed by the game) are marked. */
export function ItemList({ items, linkTokenIds = true }: { items: Item[]; linkTokenIds?: boolean }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {items.map((item) => (
        <li
          key={`${item.Chain}|${item.Guid}|${item.TokenID}`}
          data-testid={`item-${item.TokenID}`}
          className="min-w-0 rounded-lg border border-border bg-card p-4"
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="min-w-0 font-semibold break-words">{item.Name}</span>
            <span className="text-sm text-muted-foreground">
              {item.Chain}
              {item.ChainSymbol && item.ChainSymbol !== item.Chain ? ` (${item.ChainSymbol})` : ""}
            </span>
            <span className="ml-auto min-w-0 text-sm break-all">
              TokenID{" "}
              {linkTokenIds ? (
                <Link
                  href={`/items/${item.TokenID}`}
                  className="inline-flex min-h-10 items-center font-mono underline underline-offset-2"
                >
                  {item.TokenID}
                </Link>
              ) : (
                <span className="font-mono">{item.TokenID}</span>
              )}
            </span>
          </div>
          {item.Attributes.length > 0 ? (
            <dl className="mt-2 grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {item.Attributes.map((attribute) => (
                <div key={attribute.Name} className="contents">
                  <dt className="break-words text-muted-foreground">{attribute.Name}</dt>
                  <dd className="break-words">
                    {attribute.Value}
                    {attribute.IsDynamic ? (
                      <span className="ml-2">
                        <Badge tone="warning">Dynamic</Badge>
                      </span>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">No attributes.</p>
          )}
        </li>
      ))}
    </ul>
  );
}

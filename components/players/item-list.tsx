import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { Item } from "@/lib/contract/holdings";

/** Items with their attributes; dynamic attributes (changed by the game) are marked. */
export function ItemList({ items, linkTokenIds = true }: { items: Item[]; linkTokenIds?: boolean }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {items.map((item) => (
        <li
          key={`${item.Chain}|${item.Guid}|${item.TokenID}`}
          data-testid={`item-${item.TokenID}`}
          className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold">{item.Name}</span>
            <span className="text-sm text-zinc-600 dark:text-zinc-400">
              {item.Chain}
              {item.ChainSymbol && item.ChainSymbol !== item.Chain ? ` (${item.ChainSymbol})` : ""}
            </span>
            <span className="ml-auto text-sm">
              TokenID{" "}
              {linkTokenIds ? (
                <Link href={`/items/${item.TokenID}`} className="font-mono underline underline-offset-2">
                  {item.TokenID}
                </Link>
              ) : (
                <span className="font-mono">{item.TokenID}</span>
              )}
            </span>
          </div>
          {item.Attributes.length > 0 ? (
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              {item.Attributes.map((attribute) => (
                <div key={attribute.Name} className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{attribute.Name}</dt>
                  <dd>
                    {attribute.Value}
                    {attribute.IsDynamic ? (
                      <span className="ml-2">
                        <Badge tone="warn">Dynamic</Badge>
                      </span>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No attributes.</p>
          )}
        </li>
      ))}
    </ul>
  );
}

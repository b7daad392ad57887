"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useTransition } from "react";

export interface PriceFiltersProps {
  chains: string[];
  chain: string;
  includeAll: boolean;
}

/**
 * Filters the service applies (`Chains`, `IsAll`), so they navigate and the page reads again,
 * unlike the table's own filters.
 */
export function PriceFilters({ chains, chain, includeAll }: PriceFiltersProps) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  // The controls show the new choice at once, while the page reads the service again.
  const [shown, setShown] = useOptimistic({ chain, includeAll });
  const go = (choice: { chain: string; includeAll: boolean }) => {
    const next = new URLSearchParams(params.toString());
    if (choice.chain) next.set("chain", choice.chain);
    else next.delete("chain");
    if (choice.includeAll) next.set("all", "1");
    else next.delete("all");
    next.delete("page");
    startTransition(() => {
      setShown(choice);
      router.push(`${pathname}?${next.toString()}`, { scroll: false });
    });
  };
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor="chain-filter" className="text-sm font-medium">
          Chain
        </label>
        <select
          id="chain-filter"
          value={shown.chain}
          aria-busy={pending}
          onChange={(event) => go({ ...shown, chain: event.target.value })}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="">All chains</option>
          {chains.map((name) => (
            <option key={name} value={name}>
              {name === "FIAT" ? "FIAT (money)" : name}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 self-end pb-1.5 text-sm">
        <input
          type="checkbox"
          checked={shown.includeAll}
          aria-busy={pending}
          onChange={(event) => go({ ...shown, includeAll: event.target.checked })}
          className="size-4"
        />
        Include scheduled and expired
      </label>
    </>
  );
}

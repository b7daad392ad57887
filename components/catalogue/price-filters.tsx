"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

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
      <Field id="chain-filter" label="Chain">
        <Select
          value={shown.chain}
          aria-busy={pending}
          onChange={(event) => go({ ...shown, chain: event.target.value })}
        >
          <option value="">All chains</option>
          {chains.map((name) => (
            <option key={name} value={name}>
              {name === "FIAT" ? "FIAT (money)" : name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex min-h-10 items-center gap-2 self-end text-sm">
        <Checkbox
          id="include-all"
          checked={shown.includeAll}
          aria-busy={pending}
          onCheckedChange={(state) => go({ ...shown, includeAll: state === true })}
        />
        <label htmlFor="include-all" className="cursor-pointer">
          Include scheduled and expired
        </label>
      </div>
    </>
  );
}

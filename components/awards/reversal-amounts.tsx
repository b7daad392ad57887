import { Amount } from "@/components/ui/amount";
import type { ReversalLine } from "@/lib/model/reversal-status";

/** What a reversal took back (or asks to), exact, each token by its symbol; null lines: everything still reversible. */
export function ReversalAmounts({
  lines,
  symbolOf,
}: {
  lines: readonly ReversalLine[] | null;
  symbolOf: (guid: string) => string;
}) {
  if (!lines) return <>Everything still reversible</>;
  return (
    <>
      {lines.map((line, i) => (
        <span key={`${line.Guid}|${line.ContractGuid}`}>
          {i > 0 ? " + " : ""}
          <Amount value={line.Amount} /> {symbolOf(line.Guid.toLowerCase())}
        </span>
      ))}
    </>
  );
}

import type { ComponentProps, CSSProperties } from "react";
import { groupDigits, shownChars } from "@/lib/format/grouped-decimal";
import { cn } from "./cn";

export interface AmountProps extends Omit<ComponentProps<"span">, "children" | "title"> {
  /** An exact decimal or count as text ("7498.5"); anything else is shown as it is. */
  value: string;
}

/**
 * An amount or a count with its digits grouped ("7,498.5"). A fraction longer than six digits is
 * cut with an ellipsis by CSS only: the text stays whole, so copying the cell, a screen reader and
 * the tooltip all give the exact value (docs/console.md, "Numbers people can read").
 */
export function Amount({ value, className, style, ...rest }: AmountProps) {
  const grouped = groupDigits(value);
  const chars = shownChars(grouped);
  if (chars === null)
    return (
      <span data-amount={value} className={cn("tabular-nums", className)} style={style} {...rest}>
        {grouped}
      </span>
    );
  return (
    <span
      data-amount={value}
      title={grouped}
      // One character more for the ellipsis; ch is exact in the tables' monospaced figures.
      style={{ ...style, "--amount-chars": `${chars + 1}ch` } as CSSProperties}
      className={cn("inline-block max-w-(--amount-chars) truncate align-bottom tabular-nums", className)}
      {...rest}
    >
      {grouped}
    </span>
  );
}

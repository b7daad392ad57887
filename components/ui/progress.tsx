import { cn } from "@/components/ui/cn";

const HEIGHTS = { sm: "h-2", md: "h-3" } as const;

export interface ProgressProps {
  /** How far it has got, out of `max`. */
  value: number;
  max: number;
  /** The bar's accessible name ("Batch progress"). */
  label: string;
  /** The value as a person would say it ("12 of 40 answered"); the bare number otherwise. */
  valueText?: string;
  size?: keyof typeof HEIGHTS;
  className?: string;
}

/**
 * A progress bar: role="progressbar" with its name, bounds and value for assistive technology,
 * a filled track for the eye. Nothing to do (max 0) is drawn as done.
 */
export function Progress({ value, max, label, valueText, size = "sm", className }: ProgressProps) {
  const percent = max <= 0 ? 100 : Math.min(100, Math.floor((Math.max(0, value) * 100) / max));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn("w-full overflow-hidden rounded-full bg-muted", HEIGHTS[size], className)}
    >
      <div className="h-full bg-success transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

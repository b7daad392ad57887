import { cn } from "@/components/ui/cn";

/** A placeholder block in the shape of what loads (loading.tsx draws the real layout with them). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} />;
}

import { buttonClass } from "@/components/ui/button";

// Superseded by <Button variant=…> (components/ui/button.tsx); these remain only until the last
// importers move onto the kit, then this file goes.
/** @deprecated Use `<Button>` or `buttonClass()`. */
export const PRIMARY_BUTTON = buttonClass({ variant: "primary" });
/** @deprecated Use `<Button variant="outline">` or `buttonClass({ variant: "outline" })`. */
export const SECONDARY_BUTTON = buttonClass({ variant: "outline" });
/** @deprecated Use `<Button variant="destructive">` or `buttonClass({ variant: "destructive" })`. */
export const DANGER_BUTTON = buttonClass({ variant: "destructive" });

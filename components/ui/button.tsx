import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

const VARIANTS = {
  primary: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  outline:
    "border border-input bg-card text-foreground shadow-xs hover:bg-accent hover:text-accent-foreground",
  ghost: "text-foreground hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

// md and lg reach 40/44 px: thumb-sized on a phone (docs/console.md, "UI kit").
const SIZES = {
  sm: "h-8 gap-1.5 px-3 text-sm",
  md: "h-10 gap-2 px-4 text-sm",
  lg: "h-11 gap-2 px-6 text-base",
  icon: "size-9",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * The classes of a button, for the rare element that must look like one without being a
 * <Button> (prefer `<Button asChild><Link …/></Button>`).
 */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return cn(
    "inline-flex shrink-0 cursor-pointer items-center justify-center whitespace-nowrap rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
    VARIANTS[variant],
    variant !== "link" && SIZES[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<"button">, Omit<ButtonStyle, "className"> {
  /** Renders the one child (a Link, an <a>) with the button's look instead of a <button>. */
  asChild?: boolean;
}

/** The console's button; `type` defaults to "button" so only a form's submit button submits. */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root className={buttonClass({ variant, size, className })} {...props} />;
  return <button type={type ?? "button"} className={buttonClass({ variant, size, className })} {...props} />;
}

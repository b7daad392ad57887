import { Menu } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The top bar's menu button, below `lg` only. */
export function MenuButton(props: Omit<ComponentProps<typeof Button>, "children">) {
  return (
    <Button variant="ghost" size="icon" aria-label="Menu" className="lg:hidden" {...props}>
      <Menu aria-hidden="true" />
    </Button>
  );
}

"use client";
import { useState } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { MenuButton } from "./menu-button";
import { Sidebar, type SidebarProps } from "./sidebar";

export type MobileNavSheetProps = Omit<SidebarProps, "onNavigate">;

/** The phone's menu: the sidebar in a sheet that closes when a link is followed. Loaded on first use. */
export default function MobileNavSheet(props: MobileNavSheetProps) {
  // Mounted by the first click on the menu button's stand-in: open at once.
  const [open, setOpen] = useState(true);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MenuButton />
      </SheetTrigger>
      <SheetContent
        side="left"
        // The focus starts on the page one is on (a select would show its ring to a tap).
        onOpenAutoFocus={(event) => {
          const current = event.currentTarget;
          if (!(current instanceof HTMLElement)) return;
          const link = current.querySelector<HTMLElement>("[aria-current='page']");
          if (!link) return;
          event.preventDefault();
          link.focus();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">The console's pages and the project switcher.</SheetDescription>
        <Sidebar {...props} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}

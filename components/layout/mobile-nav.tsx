"use client";
import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Sidebar, type SidebarProps } from "./sidebar";

/** Below `lg` the sidebar lives behind a menu button, in a sheet that closes when a link is followed. */
export function MobileNav(props: Omit<SidebarProps, "onNavigate">) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Menu" className="lg:hidden">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">The console's pages and the project switcher.</SheetDescription>
        <Sidebar {...props} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}

"use client";
import { Search } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { CommandPaletteDialogProps } from "./command-palette-dialog";

const loadDialog = () => import("./command-palette-dialog");
// cmdk and the palette load on first use, so they weigh on no page's first load (docs/benchmarks.md).
const CommandPaletteDialog = dynamic(loadDialog, { ssr: false });

export type CommandPaletteProps = Omit<CommandPaletteDialogProps, "open" | "onOpenChange">;

/** The top bar's search button and Ctrl/⌘+K, anywhere: the command palette. */
export function CommandPalette(props: CommandPaletteProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing keeps its state and reopening is instant.
  const [used, setUsed] = useState(false);
  const [mac, setMac] = useState(false);

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.userAgent));
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      setUsed(true);
      setOpen((wasOpen) => !wasOpen);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        // Start fetching the palette when the pointer or focus comes near.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="h-9 w-full max-w-64 justify-start px-3 text-muted-foreground"
      >
        <Search aria-hidden="true" />
        <span className="truncate">Search or jump to…</span>
        <kbd className="ml-auto hidden rounded border border-border px-1.5 font-mono text-xs sm:inline">
          {mac ? "⌘K" : "Ctrl K"}
        </kbd>
      </Button>
      {used ? <CommandPaletteDialog open={open} onOpenChange={setOpen} {...props} /> : null}
    </>
  );
}

"use client";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the button's accessible name ("Copy GUID"). */
  what: string;
}

/**
 * Copies a value (a GUID, a wallet) and says so (a tick, and "Copied" for screen readers); the
 * value itself stays visible beside it.
 */
export function CopyButton({ value, what }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-10 text-muted-foreground sm:size-7"
      aria-label={`Copy ${what}`}
      title={`Copy ${what}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite" className="sr-only">
        {copied ? "Copied" : ""}
      </span>
    </Button>
  );
}

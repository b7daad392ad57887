"use client";
import { useState } from "react";

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the button's accessible name ("Copy GUID"). */
  what: string;
}

/** Copies a value (a GUID, a wallet) and says so; the value itself stays visible beside it. */
export function CopyButton({ value, what }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
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
      className="rounded border border-zinc-300 px-1.5 py-0.5 text-xs text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

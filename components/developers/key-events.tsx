"use client";
import { createContext, useContext } from "react";
import type { NewKeySecret } from "@/lib/service-keys/key-view";

/** What a key's act tells the Keys page: a secret to show once, or a line to say what happened. */
export interface KeyEvents {
  showSecret: (secret: NewKeySecret & { rolled: boolean }) => void;
  say: (notice: { ok: boolean; text: string }) => void;
  /** Rolling this console's own key cannot store its new key (a connection from the environment). */
  keyFromEnvironment: boolean;
}

const NOBODY: KeyEvents = { showSecret: () => undefined, say: () => undefined, keyFromEnvironment: false };

export const KeyEventsContext = createContext<KeyEvents>(NOBODY);

export function useKeyEvents(): KeyEvents {
  return useContext(KeyEventsContext);
}

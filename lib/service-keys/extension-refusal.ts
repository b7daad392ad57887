import "server-only";
import { ServiceCallError } from "@/lib/client/call-service";
import { isExtensionMissing } from "@/lib/client/capabilities";
import type { ExtensionRead, ExtensionRefusal } from "./extension-read";

/** The refusal a failed call of the keys or request log extension stands for, or null for any other failure. */
export function extensionRefusal(error: unknown): ExtensionRefusal | null {
  if (isExtensionMissing(error)) return { kind: "missing" };
  if (error instanceof ServiceCallError && (error.code === "KEY_NOT_ALLOWED" || error.status === 403))
    return { kind: "not-allowed", message: error.message };
  return null;
}

/** Runs a read of the keys or request log extension; a refusal becomes its own state, other failures go on. */
export async function readExtension<T>(read: () => Promise<T>): Promise<ExtensionRead<T>> {
  try {
    return { state: "ok", data: await read() };
  } catch (error) {
    const refusal = extensionRefusal(error);
    if (refusal) return { state: "unavailable", ...refusal };
    throw error;
  }
}

import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/http/client-address";
import type { AuditActor } from "./audit-log";

/** The audit log's "who, from where" for a request: the signed-in user, their address and browser. */
export async function requestActor(
  user: { id: number; email: string } | null,
  email = user?.email ?? "",
): Promise<AuditActor> {
  return actorFromHeaders(await headers(), user, email);
}

export function actorFromHeaders(
  source: Headers,
  user: { id: number; email: string } | null,
  email = user?.email ?? "",
): AuditActor {
  return {
    id: user?.id ?? null,
    email,
    client: clientAddress(source),
    userAgent: source.get("user-agent") ?? "",
  };
}

import "server-only";
import type { ConsoleDb } from "@/lib/db/connection";
import { enqueueNotification } from "./outbox";

/**
 * What approvals tell people (docs/console.md, "Notifications"), in the transaction of the request
 * or the decision: a new request to every manager and owner but the one who asked (their bell, and
 * the project's approval.requested rules), a decision to the one who asked (and approval.decided
 * rules). Each links to the request's page.
 */

interface Request {
  id: number;
  connection: string;
  requesterId: number | null;
  requesterEmail: string;
}

export async function tellApprovalRequested(tx: ConsoleDb, row: Request, name: string, detail: string) {
  await enqueueNotification(tx, {
    connection: row.connection,
    event: "approval.requested",
    dedup: `approval:${row.id}:requested`,
    title: `Waiting for your approval: ${name}`,
    body: `${row.requesterEmail} asks for it. ${detail}`,
    link: `/approvals/${row.id}`,
    people: { roles: ["manager", "owner"], except: row.requesterId },
  });
}

export async function tellApprovalDecided(
  tx: ConsoleDb,
  row: Request,
  name: string,
  outcome: { status: "approved" | "rejected" | "expired"; by?: string; note?: string },
) {
  const said =
    outcome.status === "approved"
      ? `approved by ${outcome.by}`
      : outcome.status === "rejected"
        ? `rejected by ${outcome.by}${outcome.note ? `: ${outcome.note}` : ""}`
        : "expired: nobody approved it in time";
  await enqueueNotification(tx, {
    connection: row.connection,
    event: "approval.decided",
    dedup: `approval:${row.id}:decided`,
    title: `${name} ${said}`,
    body:
      outcome.status === "approved"
        ? "It is being sent now."
        : `Nothing was sent. Asked for by ${row.requesterEmail}.`,
    link: `/approvals/${row.id}`,
    people: { ids: row.requesterId === null ? [] : [row.requesterId] },
  });
}

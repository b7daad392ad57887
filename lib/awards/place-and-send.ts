import "server-only";
import { approvalName, approvalOf } from "@/lib/approvals/approvals";
import { readPolicies } from "@/lib/approvals/policies";
import { LimitError } from "@/lib/approvals/spend";
import { type AuditActor, type AuditEvent, recordAudit } from "@/lib/audit/audit-log";
import { recordRefusal } from "@/lib/audit/refusals";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDb } from "@/lib/db/connection";
import type { Role } from "@/lib/model/roles";
import { AwardError } from "./award-error";
import { placeAward } from "./place-award";
import { type SentAward, sendAward } from "./send-award";
import { type NewAward, RETRYABLE, TrailError } from "./trail";

/**
 * One award, from a person to a player, as the award form sends it and the demo's first-start
 * history does (docs/console.md, "Audit log"): written to the trail under the owners' policy, sent
 * unless it waits for approval, and recorded in the audit log — what was sent, what waits (named
 * as its approval request is), or what a daily limit refused. Each audit row is written in the
 * transaction of the change it records: what waits with the award written, what was sent with
 * the service's answer.
 */

export interface AwardResult extends SentAward {
  customerId: string;
  /** Over a threshold: the request waiting for another person's approval (nothing was sent). */
  approvalId?: number;
}

/** Where the award goes: the service, the connection the trail names, its name for the audit log. */
export interface AwardDestination {
  connection: ServiceConnection;
  ref: string;
  project: string;
}

/** What the person asked for: the trail's award less where it goes and who sent it. */
export type AskedAward = Omit<NewAward, "connection" | "baseUrl" | "projectGuid" | "actorId" | "actorEmail">;

/** "Allowance to player-1002 (150 + 2), RequestID …": how the audit log names an award. */
export function awardText(
  award: Pick<AskedAward, "isAllowance" | "customerId" | "requestId"> & {
    lines: readonly { Amount: string }[];
  },
): string {
  return `${award.isAllowance ? "Allowance" : "Direct distribution"} to ${award.customerId} (${award.lines.map((l) => l.Amount).join(" + ")}), RequestID ${award.requestId}`;
}

function awardDetail(award: AskedAward): Record<string, unknown> {
  return {
    requestId: award.requestId,
    customerId: award.customerId,
    mode: award.isAllowance ? "allowance" : "direct",
    lines: award.lines.map(({ Guid, ContractGuid, Amount }) => ({
      token: Guid,
      contract: ContractGuid,
      amount: Amount,
    })),
    reason: award.reason,
  };
}

export async function placeAndSendAward(
  db: ConsoleDb,
  destination: AwardDestination,
  sender: { id: number; email: string; role: Role },
  asked: AskedAward,
  symbolOf: (tokenGuid: string) => string,
  actor: AuditActor,
): Promise<AwardResult> {
  const { connection, project } = destination;
  const audited = (event: { status: string; approval?: { id: number; name: string } }): AuditEvent => ({
    kind: event.approval ? "award.requested" : "award.sent",
    project,
    summary: `${awardText(asked)}: ${event.approval ? `waiting for approval in ${event.approval.name}` : event.status}`,
    detail: {
      ...awardDetail(asked),
      status: event.status,
      ...(event.approval ? { approval: event.approval.id } : {}),
    },
  });
  let placed: Awaited<ReturnType<typeof placeAward>>;
  try {
    placed = await placeAward(
      db,
      {
        ...asked,
        connection: destination.ref,
        baseUrl: connection.baseUrl,
        projectGuid: connection.projectGuid,
        actorId: sender.id,
        actorEmail: sender.email,
      },
      { userId: sender.id, role: sender.role, email: sender.email, projectGuid: connection.projectGuid },
      await readPolicies(db, connection.projectGuid),
      symbolOf,
      async (tx, approval) =>
        recordAudit(
          tx,
          actor,
          audited({
            status: "awaiting-approval",
            approval: { id: approval.id, name: await approvalName(tx, approval) },
          }),
        ),
    );
  } catch (error) {
    if (error instanceof TrailError) throw new AwardError(`Nothing was sent: ${error.message}`);
    if (error instanceof LimitError) {
      // The award's transaction rolled back; its refusal is recorded on its own.
      const { reason: awardReason, ...attempt } = awardDetail(asked);
      await recordRefusal(db, actor, {
        reason: "limit",
        attempted: awardText(asked),
        message: error.message,
        project,
        detail: { ...attempt, awardReason },
      });
      throw new AwardError(error.message);
    }
    throw error;
  }
  const { record } = placed;
  if (RETRYABLE.includes(record.status)) {
    const sent = await sendAward(db, connection, record, sender.email, (outcome) => ({
      actor,
      event: audited({ status: outcome.status }),
    }));
    return { ...sent, customerId: record.customerId };
  }
  const result: AwardResult = {
    requestId: record.requestId,
    status: record.status,
    error: "",
    attempt: record.attempts,
    customerId: record.customerId,
    ...(placed.approval ? { approvalId: placed.approval.id } : {}),
  };
  // Written now with its request (its audit row is in that transaction).
  if (placed.approval) return result;
  // Asked again while it waits, or already answered: nothing changes; the row says what it is.
  const approval =
    result.status === "awaiting-approval" ? await approvalOf(db, { awardId: record.id }) : null;
  await recordAudit(
    db,
    actor,
    audited({
      status: result.status,
      ...(approval ? { approval: { id: approval.id, name: await approvalName(db, approval) } } : {}),
    }),
  );
  return result;
}

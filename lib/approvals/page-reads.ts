import "server-only";
import {
  type ApprovalRow,
  type ApprovalSubject,
  standing,
  subjectText,
  totalText,
} from "@/lib/approvals/approval-view";
import {
  type ApprovalListRow,
  type ApprovalRecord,
  campaignSubject,
  countWaitingFor,
  findApproval,
  listApprovals,
} from "@/lib/approvals/approvals";
import { can } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { connectionNames } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import type { ReversalApproval } from "@/lib/model/reversal-policy";
import { projectContext } from "@/lib/project/current-project";
import { myRules } from "./my-rules";
import { readPolicies } from "./policies";
import type { TokenPolicy, TokenRules } from "./policy-model";
import { readReversalPolicy } from "./reversal-policy";

/**
 * What pages read of approvals and award policies (docs/console.md, "Approvals", "Award
 * policies"): the Approvals pages, the shell's count, the award form's rules, the policies page.
 * A request carries its totals and token symbols, so the Approvals pages' reads wait on no
 * service. Requests of every project are listed: an approver decides for any project they can
 * reach, each named by its connection. Each read opens the console's database itself: pages never
 * handle it (docs/architecture.md, `app-never-imports-database`). Nothing here writes.
 */

/**
 * Others' requests this person could approve, beside Approvals in the sidebar (0 for a role that
 * approves nothing); counted once per request, with the overview's card (countWaitingFor).
 */
export async function approvalsWaitingFor(user: ConsoleUser): Promise<number> {
  return can(user.role, "awards:approve") ? countWaitingFor(await consoleDb(), user.id) : 0;
}

const DECIDED_SHOWN = 25;

function listSubject(row: ApprovalListRow): ApprovalSubject {
  if (row.campaignId !== null) return campaignSubject(row);
  if (row.reversalId !== null) return { kind: "reversal", customerId: row.customerId ?? "" };
  if (row.batchReversalId !== null)
    return { kind: "batch-reversal", fileName: row.fileName ?? "", rows: row.rowCount ?? 0 };
  return row.awardId !== null
    ? { kind: "award", customerId: row.customerId ?? "" }
    : {
        kind: "batch",
        fileName: row.fileName ?? row.summary.batch?.fileName ?? "",
        rows: row.rowCount ?? row.summary.batch?.rows ?? 0,
      };
}

function listRow(row: ApprovalListRow, project: (ref: string) => string, now: Date): ApprovalRow {
  return {
    id: row.id,
    subject: subjectText(listSubject(row)),
    project: project(row.connection),
    totals: row.summary.totals.map(totalText),
    requestedBy: row.requesterEmail,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: standing(row, now),
    decidedBy: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
  };
}

/** The Approvals page's three lists for this person. */
export async function readApprovalLists(
  userId: number,
): Promise<{ waiting: ApprovalRow[]; mine: ApprovalRow[]; decided: ApprovalRow[] }> {
  const db = await consoleDb();
  const now = new Date();
  const [waiting, mine, decided, project] = await Promise.all([
    listApprovals(db, userId, "waiting-for-me"),
    listApprovals(db, userId, "mine"),
    listApprovals(db, userId, "decided", DECIDED_SHOWN),
    connectionNames(db, consoleEnv()),
  ]);
  const rows = (list: ApprovalListRow[]) => list.map((row) => listRow(row, project, now));
  return {
    waiting: rows(waiting),
    // Past its time, one's own request can no longer be decided: it joins the decided ones
    // once the job marks it expired.
    mine: rows(mine.filter((row) => standing(row, now) === "waiting")),
    decided: rows(decided),
  };
}

/** One request and the name of the connection it goes through, or null when there is no such request. */
export async function readApprovalRequest(
  id: number,
): Promise<{ request: ApprovalRecord; project: string } | null> {
  const db = await consoleDb();
  const [request, project] = await Promise.all([findApproval(db, id), connectionNames(db, consoleEnv())]);
  return request ? { request, project: project(request.connection) } : null;
}

/** The person's thresholds and what remains of their daily limits, per token of the project: beside each line of the award form. */
export async function readMyRules(
  user: ConsoleUser,
  connection: ServiceConnection | null,
): Promise<TokenRules[]> {
  return connection ? myRules(await consoleDb(), user, connection.projectGuid) : [];
}

/** The chosen project's reversal policy (Settings → Award policies); "none" without a project. */
export async function readProjectReversalPolicy(user: ConsoleUser): Promise<ReversalApproval> {
  const { connection } = await projectContext(user.id);
  return connection ? readReversalPolicy(await consoleDb(), connection.projectGuid) : "none";
}

/** One token of the project with its policy (null where no rule is set), as Settings → Award policies lists it. */
export interface TokenWithPolicy {
  guid: string;
  symbol: string;
  /** The token's name from the service; "" when it has none. */
  name: string;
  policy: Pick<TokenPolicy, "approvalThreshold" | "managerDailyLimit" | "ownerDailyLimit">;
}

/** Every token the service lists for the project, each with the policy the console keeps for it. */
export async function readTokenPolicies(connection: ServiceConnection): Promise<TokenWithPolicy[]> {
  const [tokens, policies] = await Promise.all([
    listProjectTokens(connection),
    consoleDb().then((db) => readPolicies(db, connection.projectGuid)),
  ]);
  return tokens.Data.Tokens.map((token) => {
    const policy = policies.get(token.Guid.toLowerCase());
    return {
      guid: token.Guid,
      symbol: token.Symbol,
      name: token.Name,
      policy: {
        approvalThreshold: policy?.approvalThreshold ?? null,
        managerDailyLimit: policy?.managerDailyLimit ?? null,
        ownerDailyLimit: policy?.ownerDailyLimit ?? null,
      },
    };
  });
}

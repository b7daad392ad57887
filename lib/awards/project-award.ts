import "server-only";
import { sql } from "drizzle-orm";
import { readPolicies } from "@/lib/approvals/policies";
import { LimitError } from "@/lib/approvals/spend";
import type { AuditActor } from "@/lib/audit/audit-log";
import { recordRefusal } from "@/lib/audit/refusals";
import { type ConsoleUser, findUser } from "@/lib/auth/users";
import { ServiceCallError, type ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { sameConnection } from "@/lib/connections/connections";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import type { Role } from "@/lib/model/roles";
import { isNewPlayer } from "@/lib/players/new-player";
import { requireProject } from "@/lib/project/current-project";
import { consoleSecrets } from "@/lib/secrets";
import { AwardError } from "./award-error";
import type { ParsedAward } from "./award-input";
import { type AwardResult, placeAndSendAward } from "./place-and-send";
import { recountForRetry } from "./place-award";
import { sendAward } from "./send-award";
import { canRetry, findAward } from "./trail";

export { AwardError, type AwardResult };

/**
 * The award form's server side: checks every line against the project's tokens, then writes the
 * award to the trail, sends it and records it in the audit log (place-and-send.ts). Sending an
 * award the trail already has as completed, queued or accepted sends nothing again.
 */
export async function awardFromForm(
  user: ConsoleUser,
  input: ParsedAward,
  actor: AuditActor,
): Promise<AwardResult> {
  const { chosen, connection } = await requireProject(user.id);
  let tokens: Awaited<ReturnType<typeof listProjectTokens>>["Data"]["Tokens"];
  try {
    tokens = (await listProjectTokens(connection)).Data.Tokens;
  } catch (error) {
    if (error instanceof ServiceCallError) throw new AwardError(`Nothing was sent: ${error.message}`);
    throw error;
  }
  input.lines.forEach((line, index) => {
    const token = tokens.find((t) => t.Guid.toLowerCase() === line.token.toLowerCase());
    if (!token) throw new AwardError(`Line ${index + 1}: the token is not one of this project's tokens.`);
    if (!token.Contracts.some((c) => c.ContractGuid.toLowerCase() === line.contract.toLowerCase()))
      throw new AwardError(`Line ${index + 1}: the contract is not one of ${token.Symbol}'s contracts.`);
  });
  if (!input.confirmNewPlayer) await refuseUnconfirmedNewPlayer(connection, input.customerId);
  const db = await consoleDb();
  const symbolOf = (guid: string) => tokens.find((t) => t.Guid.toLowerCase() === guid)?.Symbol ?? guid;
  return placeAndSendAward(
    db,
    { connection, ref: chosen.ref, project: chosen.name },
    user,
    {
      requestId: input.requestId,
      customerId: input.customerId,
      isAllowance: input.mode === "allowance",
      isMintable: input.mode === "allowance" && input.mintable,
      wallet: input.mode === "direct" ? input.wallet : "",
      lines: input.lines.map((line) => ({
        Guid: line.token,
        ContractGuid: line.contract,
        Amount: line.amount,
      })),
      reason: input.reason,
    },
    symbolOf,
    actor,
  );
}

/**
 * The server's own check of the new-player warning (docs/console.md, "New players"): the form
 * shows it, but an award to a player the service knows nothing of is sent only when the person
 * confirmed it, whatever the browser sent.
 */
async function refuseUnconfirmedNewPlayer(connection: ServiceConnection, customerId: string): Promise<void> {
  let isNew: boolean;
  try {
    isNew = await isNewPlayer(connection, customerId);
  } catch (error) {
    if (error instanceof ServiceCallError)
      throw new AwardError(`Nothing was sent: the player could not be checked. ${error.message}`);
    throw error;
  }
  if (isNew)
    throw new AwardError(
      `Nothing was sent: "${customerId}" is a new player (no tokens or items yet). Check the Customer ID, then confirm the new player in the review.`,
    );
}

/** "Retry": the same body with the same RequestID, through the connection it first went through. */
export async function retryAward(
  user: ConsoleUser,
  requestId: string,
  audit: { actor: AuditActor; project: string },
): Promise<AwardResult> {
  const db = await consoleDb();
  const award = await findAward(db, requestId);
  if (!award) throw new AwardError(`No award with RequestID ${requestId} in the trail.`);
  if (!canRetry(award))
    throw new AwardError(
      award.status === "sending"
        ? "Its batch is sending this award right now."
        : `This award is ${award.status}: there is nothing to retry.`,
    );
  const env = consoleEnv();
  const connection = await sameConnection(db, consoleSecrets(env).encryptionKeys, env, award);
  if (!connection)
    throw new AwardError(
      "The connection this award went through is gone or now points elsewhere: it cannot be retried from here.",
    );
  if (award.actorId === null)
    throw new AwardError("The person who sent this award no longer has an account: it cannot be retried.");
  try {
    // A failed award stopped counting against its author's daily limit; sent again, it counts again.
    await recountForRetry(
      db,
      { userId: award.actorId, role: await authorRole(db, award.actorId), projectGuid: award.projectGuid },
      await readPolicies(db, award.projectGuid),
      sql`a.id = ${award.id}`,
    );
  } catch (error) {
    if (!(error instanceof LimitError)) throw error;
    const message =
      award.actorId === user.id
        ? error.message
        : new LimitError(error.breach, `${award.actorEmail}'s`).message;
    // The recount's transaction rolled back; its refusal is recorded on its own (docs/console.md, "Audit log").
    await recordRefusal(db, audit.actor, {
      reason: "limit",
      attempted: `Retry of award ${award.requestId} to ${award.customerId}`,
      message,
      project: audit.project,
      detail: { requestId: award.requestId, customerId: award.customerId },
    });
    throw new AwardError(message);
  }
  // "award.retried" is written in the transaction that records the service's answer.
  const sent = await sendAward(db, connection, award, user.email, (outcome) => ({
    actor: audit.actor,
    event: {
      kind: "award.retried",
      project: audit.project,
      summary: `Retried award ${award.requestId} to ${award.customerId} (attempt ${outcome.attempt}): ${outcome.status}`,
      detail: {
        requestId: award.requestId,
        customerId: award.customerId,
        attempt: outcome.attempt,
        status: outcome.status,
      },
    },
  }));
  return { ...sent, customerId: award.customerId };
}

/** The role whose daily limit an award counts against: its author's, as it is now. */
async function authorRole(db: ConsoleDb, userId: number): Promise<Role> {
  return (await findUser(db, userId))?.role ?? "manager";
}

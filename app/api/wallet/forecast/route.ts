import { defineRoute } from "@/lib/api/define-route";
import { amountProblem } from "@/lib/awards/award-rules";
import { forecastDirectAward } from "@/lib/bulk/award-forecast";
import { uuid } from "@/lib/contract/fields";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** Token lines a review may ask about: an award has a few. */
const MAX_LINES = 20;

/**
 * GET /api/wallet/forecast?contract=GUID&amount=25.5[&contract=…&amount=…] — whether a direct
 * distribution of these lines sent now would wait for funds, and how short the wallet is; the
 * award form's review asks before sending (docs/console.md, "The form and the RequestID rule").
 * Reads only. `null` for a service without our wallet.
 */
export const GET = defineRoute("wallet:read", async ({ request, user }) => {
  const params = new URL(request.url).searchParams;
  const contracts = params.getAll("contract");
  const amounts = params.getAll("amount");
  if (contracts.length === 0 || contracts.length !== amounts.length || contracts.length > MAX_LINES)
    throw new UserFacingError(`Give 1 to ${MAX_LINES} contract and amount pairs.`);
  const lines = contracts.map((contractGuid, index) => {
    const amount = (amounts[index] ?? "").trim();
    if (!uuid.safeParse(contractGuid).success)
      throw new UserFacingError(`contract ${index + 1} must be a contract GUID.`);
    const problem = amountProblem(amount);
    if (problem) throw new UserFacingError(`amount ${index + 1} ${problem}.`);
    return { contractGuid, amount };
  });
  const { connection } = await requireProject(user.id);
  return forecastDirectAward(connection, lines);
});

import type { TokenRules } from "@/lib/approvals/policy-model";

/**
 * Beside a token line: the owners' threshold for the token and what remains of the person's daily
 * limit (docs/console.md, "Award policies"); nothing when the token has no rule.
 */
export function TokenRulesNote({
  rules,
  symbol,
  index,
}: {
  rules: TokenRules | undefined;
  symbol: string;
  index: number;
}) {
  if (!rules || (rules.threshold === null && rules.limit === null)) return null;
  return (
    <p data-testid={`rules-${index}`} className="text-xs text-muted-foreground sm:col-span-4">
      {rules.limit !== null ? (
        <span data-testid={`remaining-${index}`}>
          <span className="font-mono">{rules.remaining}</span> of your{" "}
          <span className="font-mono">{rules.limit}</span> {symbol} left today
        </span>
      ) : null}
      {rules.limit !== null && rules.threshold !== null ? " · " : null}
      {rules.threshold !== null ? (
        <span>
          above <span className="font-mono">{rules.threshold}</span> {symbol} needs a second person's approval
        </span>
      ) : null}
    </p>
  );
}

/** In the review: what the policy will do with this award before it is sent. */
export function PolicyNotice({
  checks,
}: {
  checks: {
    symbol: string;
    amount: string;
    threshold: string | null;
    remaining: string | null;
    limit: string | null;
    needsApproval: boolean;
    overLimit: boolean;
  }[];
}) {
  const over = checks.filter((check) => check.overLimit);
  const waits = checks.filter((check) => check.needsApproval);
  if (over.length === 0 && waits.length === 0) return null;
  return (
    <div
      data-testid="policy-notice"
      className="mt-3 flex flex-col gap-1 rounded-md border border-border bg-muted/50 p-3 text-sm"
    >
      {over.map((check) => (
        <p key={`over-${check.symbol}`} className="font-medium text-destructive">
          Over your daily limit: {check.amount} {check.symbol}, and {check.remaining} of {check.limit} remains
          today. The console will refuse it.
        </p>
      ))}
      {waits.length > 0 ? (
        <p className="font-medium text-info">
          Needs approval:{" "}
          {waits.map((check) => `${check.amount} ${check.symbol} is above ${check.threshold}`).join("; ")}. It
          is written to the trail and waits for another manager or owner; nothing is sent until then.
        </p>
      ) : null}
    </div>
  );
}

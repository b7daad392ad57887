"use client";
import { Plus, Trash2 } from "lucide-react";
import type { Holding, Line, TokenOption } from "@/components/awards/award-draft";
import { TokenRulesNote } from "@/components/awards/token-rules-note";
import { Amount } from "@/components/ui/amount";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { TokenRules } from "@/lib/approvals/policy-model";

export interface AwardTokenLinesProps {
  tokens: TokenOption[];
  lines: Line[];
  onLinesChange: (lines: Line[]) => void;
  newLine: (key: number) => Line;
  errorOf: (path: string) => string | undefined;
  /** What the player holds of a token, for the amount's hint. */
  holds: (token: string) => Holding;
  /** The person's threshold and what is left of their daily limit for a token. */
  ruleOf: (token: string) => TokenRules | undefined;
}

/** The award form's token lines: token, contract and amount each, added and removed by the person. */
export function AwardTokenLines({
  tokens,
  lines,
  onLinesChange,
  newLine,
  errorOf,
  holds,
  ruleOf,
}: AwardTokenLinesProps) {
  const tokenOf = (guid: string) => tokens.find((token) => token.guid === guid);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Tokens</legend>
      {errorOf("lines") ? (
        <p id="lines-error" className="text-sm font-medium text-destructive">
          {errorOf("lines")}
        </p>
      ) : null}
      {lines.map((line, index) => {
        const token = tokenOf(line.token);
        const prefix = `lines[${index}]`;
        const held = holds(line.token);
        const update = (change: Partial<Line>) =>
          onLinesChange(lines.map((l) => (l.key === line.key ? { ...l, ...change } : l)));
        return (
          <fieldset
            key={line.key}
            className="grid gap-3 rounded-lg border border-border bg-card p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:p-4"
          >
            <legend className="sr-only">Token line {index + 1}</legend>
            <Field id={`${prefix}.token`} label="Token">
              <Select
                value={line.token}
                onChange={(e) =>
                  update({
                    token: e.target.value,
                    contract: tokenOf(e.target.value)?.contracts[0]?.guid ?? "",
                  })
                }
              >
                {tokens.map((t) => (
                  <option key={t.guid} value={t.guid}>
                    {t.symbol} — {t.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`${prefix}.contract`} label="Contract" error={errorOf(`${prefix}.contract`)}>
              <Select value={line.contract} onChange={(e) => update({ contract: e.target.value })}>
                {(token?.contracts ?? []).map((c) => (
                  <option key={c.guid} value={c.guid}>
                    {c.chain} · {c.guid.slice(0, 8)}…
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id={`${prefix}.amount`}
              label="Amount"
              error={errorOf(`${prefix}.amount`)}
              // Always one short line, so the form does not move when the player's holdings arrive.
              hint={
                held.kind === "held" ? (
                  <span data-testid={`holds-${index}`}>
                    Player holds <Amount value={held.total} className="font-mono leading-none" />{" "}
                    {token?.symbol}
                  </span>
                ) : held.kind === "new" ? (
                  <span data-testid={`holds-new-${index}`}>New player: holds none</span>
                ) : (
                  "Holdings: not known yet"
                )
              }
            >
              <Input
                inputMode="decimal"
                value={line.amount}
                onChange={(e) => update({ amount: e.target.value })}
                autoComplete="off"
                className="font-mono"
              />
            </Field>
            {/* Level with the controls: below a label's height (a line of text-sm and the field's gap). */}
            <div className="flex items-start sm:pt-6.5">
              {lines.length > 1 ? (
                <Button
                  variant="ghost"
                  aria-label={`Remove token line ${index + 1}`}
                  onClick={() => onLinesChange(lines.filter((l) => l.key !== line.key))}
                  className="w-full text-muted-foreground sm:w-auto"
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              ) : null}
            </div>
            <TokenRulesNote rules={ruleOf(line.token)} symbol={token?.symbol ?? ""} index={index} />
          </fieldset>
        );
      })}
      <div>
        <Button
          variant="outline"
          onClick={() => onLinesChange([...lines, newLine(Math.max(...lines.map((l) => l.key)) + 1)])}
          className="w-full sm:w-auto"
        >
          <Plus aria-hidden="true" />
          Add token
        </Button>
      </div>
    </fieldset>
  );
}

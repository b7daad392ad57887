"use client";
import { PlayerCheck } from "@/components/awards/player-check";
import { usePlayerSummary, useSettledValue } from "@/components/live/use-player-summary";
import { PinnedNotes } from "@/components/players/player-notes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import type { PlayerSummary } from "@/lib/players/holdings";

export interface TypedPlayer {
  /** The ID in the field once typing settled and it is a valid ID; null otherwise. */
  current: string | null;
  /** What the service says of that player; undefined while unknown. */
  summary: PlayerSummary | undefined;
  loading: boolean;
  error: Error | null;
}

/** The player whose ID is in the field: asked of the service once typing settles. */
export function useTypedPlayer(customerId: string): TypedPlayer {
  const typedId = checkCustomerId(customerId);
  const settledId = useSettledValue(typedId.ok ? typedId.id : null);
  const player = usePlayerSummary(settledId);
  // Only what is known of the ID in the field now: never the last player's figures while typing.
  const current = typedId.ok && settledId === typedId.id ? settledId : null;
  const summary = current !== null && player.data?.customerId === current ? player.data : undefined;
  return {
    current,
    summary,
    loading: current !== null && !summary && !player.error,
    error: current !== null ? player.error : null,
  };
}

/** The award's Customer ID, and under it who that player is to the service now. */
export function CustomerIdField({
  value,
  onChange,
  error,
  player,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  player: TypedPlayer;
  /** The form's first field takes the focus when the page opens (an award starts with its player). */
  autoFocus?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Field id="customerId" label="Customer ID" error={error}>
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          // The page is this one form: its first field is where a person starts.
          autoFocus={autoFocus}
        />
      </Field>
      <PlayerCheck
        customerId={player.current}
        summary={player.summary}
        loading={player.loading}
        error={player.error}
      />
      {/* "Already compensated on 27 Nov": before the person pays this player again. */}
      {player.summary ? <PinnedNotes notes={player.summary.pinnedNotes} testId="award-pinned-notes" /> : null}
    </div>
  );
}

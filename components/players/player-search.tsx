"use client";
import { Wallet } from "lucide-react";
import { useId, useState } from "react";
import { ListFromSearchForm } from "@/components/campaigns/list-from-search-form";
import { usePlayerSearch } from "@/components/live/use-player-search";
import { useSettledValue } from "@/components/live/use-player-summary";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Age } from "@/components/ui/when";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { SEARCH_MIN_LENGTH } from "@/lib/contract/customer-search-rule";
import type { FoundPlayer, PlayerMatch, PlayerSearchAnswer } from "@/lib/model/player-search";
import { useOpenPlayer } from "./use-open-player";

const MATCH_WORDS: Record<PlayerMatch, string> = {
  exact: "Exact ID",
  prefix: "ID starts with",
  wallet: "Wallet",
  contains: "ID contains",
};

/**
 * "Find a player": search as you type — 3 characters or more, settled for 250 ms, an earlier
 * search cancelled when a later one supersedes it — any part of a Customer ID or the start of a
 * wallet (docs/console.md, "Finding a player"). ↑/↓ choose a result and Enter opens it; Enter
 * with none chosen opens the ID as typed, as the lookup always did.
 */
export function PlayerSearch({
  autoFocus = false,
  canSaveList = false,
}: {
  autoFocus?: boolean;
  /** Offer to save the players found as a player list (those who may send awards). */
  canSaveList?: boolean;
}) {
  const { open, pending } = useOpenPlayer();
  const listId = useId();
  const [typed, setTyped] = useState("");
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const fragment = useSettledValue(typed.trim(), 250);
  const search = usePlayerSearch(fragment);
  const players: FoundPlayer[] = search.data?.pages.flatMap((page) => page.players) ?? [];
  const source = search.data?.pages[0]?.source;
  const current = fragment === typed.trim();

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (players.length === 0) return;
      event.preventDefault();
      const last = players.length - 1;
      setActive((at) => (event.key === "ArrowDown" ? (at >= last ? 0 : at + 1) : at <= 0 ? last : at - 1));
      return;
    }
    if (event.key === "Escape") setActive(-1);
  };

  return (
    <>
      <search aria-label="Player search" className="flex flex-col gap-3">
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            const chosen = players[active];
            if (chosen && current) return open(chosen.customerId);
            const checked = checkCustomerId(typed);
            if (!checked.ok) return setError(`Customer ID ${checked.problem}.`);
            setError(null);
            open(checked.id);
          }}
        >
          <Field
            id="player-search"
            label="Find a player"
            hint="A Customer ID, any part of one (3 characters or more), or the start of a wallet address."
            error={error}
            className="w-full max-w-2xl"
          >
            {/* The button beside the box, not beside its hint. */}
            <div className="flex gap-2">
              <Input
                name="q"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setActive(-1);
                  setError(null);
                }}
                onKeyDown={onKeyDown}
                // Finding a player is the page's one job; the / shortcut lands here.
                autoFocus={autoFocus}
                spellCheck={false}
                autoComplete="off"
                autoCapitalize="off"
                role="combobox"
                aria-expanded={players.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
                className="min-w-0 flex-1"
              />
              <Button type="submit" disabled={pending}>
                Open
              </Button>
            </div>
          </Field>
        </Form>
        <SearchStatus
          search={search}
          fragment={fragment}
          shown={players.length}
          source={source}
          capped={search.data?.pages.some((page) => page.capped) ?? false}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Players found"
          className={cn(players.length === 0 && "hidden")}
        >
          {players.map((player, index) => (
            <div
              key={player.customerId}
              id={`${listId}-${index}`}
              role="option"
              // Chosen from the search box (aria-activedescendant); a click or Enter here opens it too.
              tabIndex={-1}
              aria-selected={index === active}
              className={cn(
                "flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 border-b border-border px-3 py-2 last:border-b-0",
                index === active ? "bg-accent text-accent-foreground" : "hover:bg-muted",
              )}
              onMouseEnter={() => setActive(index)}
              onClick={() => open(player.customerId)}
              onKeyDown={(event) => {
                if (event.key === "Enter") open(player.customerId);
              }}
            >
              <span className="min-w-0 max-w-full truncate font-mono text-sm" title={player.customerId}>
                {player.customerId}
              </span>
              <Badge tone={player.match === "exact" ? "success" : "neutral"}>
                {MATCH_WORDS[player.match]}
              </Badge>
              {player.wallets.map((wallet) => (
                <span
                  key={wallet}
                  className="inline-flex min-w-0 max-w-full items-center gap-1 truncate font-mono text-xs text-muted-foreground"
                  title={wallet}
                >
                  <Wallet aria-hidden="true" className="size-3 shrink-0" />
                  <span className="truncate">{wallet}</span>
                </span>
              ))}
              <span className="ml-auto flex items-center gap-3 text-xs text-muted-foreground">
                {player.tokenCount !== null ? (
                  <span>
                    {player.tokenCount} {player.tokenCount === 1 ? "token" : "tokens"}
                  </span>
                ) : null}
                {player.lastActivity ? (
                  <span>
                    last award <Age iso={player.lastActivity} />
                  </span>
                ) : (
                  <span>no awards yet</span>
                )}
              </span>
            </div>
          ))}
        </div>
        {search.hasNextPage ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {search.isFetchingNextPage ? "Loading…" : "More players"}
          </Button>
        ) : null}
      </search>
      {canSaveList && current && players.length > 0 ? <ListFromSearchForm fragment={fragment} /> : null}
    </>
  );
}

function SearchStatus({
  search,
  fragment,
  shown,
  source,
  capped,
}: {
  search: ReturnType<typeof usePlayerSearch>;
  fragment: string;
  shown: number;
  source: PlayerSearchAnswer["source"] | undefined;
  capped: boolean;
}) {
  const length = [...fragment].length;
  let text: string;
  if (length === 0) text = "";
  else if (length < SEARCH_MIN_LENGTH) text = `Type at least ${SEARCH_MIN_LENGTH} characters to search.`;
  else if (search.isError) text = search.error.message;
  else if (search.isPending) text = "Searching…";
  else if (shown === 0) text = `No player matches “${fragment}”. Enter opens it as a Customer ID.`;
  else
    text = `${shown}${search.hasNextPage ? "+" : ""} ${shown === 1 ? "player" : "players"} · ↑ ↓ to choose, Enter to open`;
  return (
    <div className="flex flex-col gap-1 text-sm" aria-live="polite">
      {text ? <p className={search.isError ? "text-destructive" : "text-muted-foreground"}>{text}</p> : null}
      {capped ? (
        <p className="text-muted-foreground">
          Very many Customer IDs contain “{fragment}”: those listed after the best matches are a part of them.
          Type more to narrow.
        </p>
      ) : null}
      {source === "console" ? (
        <p className="text-muted-foreground" data-testid="search-own-trail">
          This service does not offer customer search: these are the Customer IDs the console has awarded to,
          from its own history.
        </p>
      ) : null}
    </div>
  );
}

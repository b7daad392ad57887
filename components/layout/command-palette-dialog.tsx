"use client";
import { ArrowRightLeft, Check, FileSearch, UserSearch } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { useFormAction } from "@/components/forms/use-form-action";
import { usePlayerSearch } from "@/components/live/use-player-search";
import { useSettledValue } from "@/components/live/use-player-summary";
import {
  Command,
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/components/ui/command";
import { chooseProjectAction } from "@/lib/actions/connections/choose-project";
import { rememberLookupAction } from "@/lib/actions/players/remember-lookup";
import type { NavGroup } from "./console-nav";
import { EnvironmentBadge } from "./environment-badge";
import { NAV_ICONS } from "./nav-icons";
import { matchesTyped, paletteTargets } from "./palette-targets";
import type { SwitcherProject } from "./project-switcher";

/** Players found that the palette lists at most; the Players page lists them all. */
const PALETTE_PLAYERS = 6;

export interface CommandPaletteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pages the role may see (filtered on the server). */
  pages: NavGroup[];
  projects: SwitcherProject[];
  chosen: string | null;
}

/**
 * The palette's dialog (loaded on first open, with cmdk). Its own matching keeps a fixed order —
 * pages, then the typed player or award, then projects — so Enter on "prod" opens Products, and
 * Enter on an ID that names no page looks the player up.
 */
export default function CommandPaletteDialog({
  open,
  onOpenChange,
  pages,
  projects,
  chosen,
}: CommandPaletteDialogProps) {
  const router = useRouter();
  const [typed, setTyped] = useState("");
  const choose = useFormAction(chooseProjectAction, { failure: (error) => error });
  const { player, award } = paletteTargets(typed);
  // Players found by what is typed, when the role may look players up (its pages say so).
  const findsPlayers = pages.some((group) => group.items.some((item) => item.href === "/players"));
  const fragment = useSettledValue(findsPlayers ? typed.trim() : "", 250);
  const search = usePlayerSearch(fragment);
  const found = (search.data?.pages[0]?.players ?? [])
    .filter((each) => each.customerId !== player?.id)
    .slice(0, PALETTE_PLAYERS);

  const close = () => {
    onOpenChange(false);
    setTyped("");
  };
  const go = (href: string) => {
    close();
    router.push(href);
  };
  /** A player opened from the palette is a lookup: remembered for the console's own search. */
  const openPlayer = (customerId: string) => {
    void rememberLookupAction({ customerId }).catch(() => undefined);
    go(`/players/${encodeURIComponent(customerId)}`);
  };
  const switchTo = (project: SwitcherProject) => {
    close();
    // The toast names the project, which the action's answer does not: said here.
    void choose.run({ ref: project.ref }).then((result) => {
      if (result.ok) toast.success(`Switched to ${project.name} (${project.environment}).`);
    });
  };

  const pageGroups = pages
    .map((group) => ({
      ...group,
      items: group.items.filter((item) =>
        matchesTyped(typed, [group.heading ?? "", item.label, ...(item.keywords ?? [])]),
      ),
    }))
    .filter((group) => group.items.length > 0);
  const pageItems = pageGroups.flatMap((group) => group.items);
  const shownProjects = projects.filter((project) =>
    matchesTyped(typed, ["project", "switch", project.name, project.environment]),
  );

  return (
    <CommandDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Command palette"
      description="Go to a page, find a player by part of their ID or wallet, open an award by RequestID or switch project."
    >
      <Command shouldFilter={false} loop label="Command palette">
        <CommandInput
          value={typed}
          onValueChange={setTyped}
          placeholder="A page, a player ID or a RequestID…"
        />
        <CommandList>
          <CommandEmpty>Nothing matches “{typed.trim()}”.</CommandEmpty>
          {pageItems.length > 0 ? (
            <CommandGroup heading="Pages">
              {pageItems.map(({ href, label, paletteLabel, icon }) => {
                const Icon = NAV_ICONS[icon];
                return (
                  <CommandItem key={href} value={`page ${href}`} onSelect={() => go(href)}>
                    <Icon aria-hidden="true" />
                    {paletteLabel ?? label}
                  </CommandItem>
                );
              })}
            </CommandGroup>
          ) : null}
          {award || player ? (
            <CommandGroup heading="Find">
              {award ? (
                <CommandItem value={`award ${award.id}`} onSelect={() => go(award.href)}>
                  <FileSearch aria-hidden="true" />
                  <span className="min-w-0 truncate">Open award {award.id}</span>
                </CommandItem>
              ) : null}
              {player ? (
                <CommandItem value={`player ${player.id}`} onSelect={() => openPlayer(player.id)}>
                  <UserSearch aria-hidden="true" />
                  <span className="min-w-0 truncate">Look up player {player.id}</span>
                </CommandItem>
              ) : null}
            </CommandGroup>
          ) : null}
          {found.length > 0 ? (
            <CommandGroup heading="Players found">
              {found.map((each) => (
                <CommandItem
                  key={each.customerId}
                  value={`found ${each.customerId}`}
                  onSelect={() => openPlayer(each.customerId)}
                >
                  <UserSearch aria-hidden="true" />
                  <span className="min-w-0 truncate font-mono">{each.customerId}</span>
                  {each.wallets[0] ? (
                    <span className="ml-auto min-w-0 max-w-40 truncate font-mono text-xs text-muted-foreground">
                      {each.wallets[0]}
                    </span>
                  ) : null}
                </CommandItem>
              ))}
            </CommandGroup>
          ) : null}
          {shownProjects.length > 1 || (shownProjects.length === 1 && shownProjects[0]?.ref !== chosen) ? (
            <CommandGroup heading="Projects">
              {shownProjects.map((project) => {
                const current = project.ref === chosen;
                return (
                  <CommandItem
                    key={project.ref}
                    value={`project ${project.ref}`}
                    disabled={current}
                    onSelect={() => switchTo(project)}
                  >
                    {current ? <Check aria-hidden="true" /> : <ArrowRightLeft aria-hidden="true" />}
                    <span className="min-w-0 truncate">
                      {current ? `${project.name} (current)` : `Switch to ${project.name}`}
                    </span>
                    <span className="ml-auto">
                      <EnvironmentBadge environment={project.environment} />
                    </span>
                  </CommandItem>
                );
              })}
            </CommandGroup>
          ) : null}
        </CommandList>
        <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
          <kbd className="font-mono">↑</kbd> <kbd className="font-mono">↓</kbd> to move,{" "}
          <kbd className="font-mono">Enter</kbd> to open · <kbd className="font-mono">/</kbd> anywhere looks
          up a player
        </p>
      </Command>
    </CommandDialog>
  );
}

import { can, type Permission } from "@/lib/auth/permissions";
import type { Role } from "@/lib/model/roles";

/** The icon of a page, by name: the client maps names to lucide icons (a server cannot pass components). */
export type NavIcon =
  | "overview"
  | "products"
  | "prices"
  | "tokens"
  | "translations"
  | "players"
  | "history"
  | "new-award"
  | "campaigns"
  | "bulk"
  | "approvals"
  | "wallet"
  | "settings"
  | "users"
  | "connections"
  | "security"
  | "audit"
  | "keys"
  | "requests"
  | "webhooks";

export interface NavItem {
  href: string;
  label: string;
  icon: NavIcon;
  /** More words the palette matches (the sidebar shows the label only). */
  keywords?: string[];
  /** The palette's name when the label needs its group to be understood ("History"). */
  paletteLabel?: string;
  /** A number shown beside the label (requests waiting for the person's approval); absent when none. */
  count?: {
    value: number;
    /** Read after the number by screen readers: "waiting for your approval". */
    label: string;
  };
}

/** The numbers some links carry, read on the server for the signed-in person. */
export interface NavCounts {
  /** Others' requests waiting for this person's approval (lib/approvals/approvals.ts countWaitingFor). */
  approvals: number;
}

export interface NavGroup {
  /** Shown above the group's links; null for a group of one top-level page. */
  heading: string | null;
  items: NavItem[];
}

interface Page extends NavItem {
  permission: Permission;
  /** Shown only when the chosen project's service offers our extensions. */
  needsWallet?: boolean;
  /** Reached through its section (Settings), so offered in the palette, not the sidebar. */
  paletteOnly?: boolean;
  /** Which of the counts the link shows, and what the number means. */
  counted?: { of: keyof NavCounts; label: string };
}

// The console's pages in sidebar order (docs/console.md, "The shell"). Each page checks the same
// permission on the server; this list only decides what is offered.
const PAGES: { heading: string | null; pages: Page[] }[] = [
  {
    heading: null,
    pages: [{ href: "/", label: "Overview", icon: "overview", permission: "catalogue:read" }],
  },
  {
    heading: "Catalogue",
    pages: [
      { href: "/catalogue/products", label: "Products", icon: "products", permission: "catalogue:read" },
      { href: "/catalogue/prices", label: "Prices", icon: "prices", permission: "catalogue:read" },
      { href: "/catalogue/tokens", label: "Tokens", icon: "tokens", permission: "catalogue:read" },
      {
        href: "/catalogue/translations",
        label: "Translations",
        icon: "translations",
        permission: "catalogue:read",
        keywords: ["languages"],
      },
    ],
  },
  {
    heading: null,
    pages: [
      {
        href: "/players",
        label: "Players",
        icon: "players",
        permission: "players:read",
        keywords: ["customer", "lookup", "balances"],
      },
    ],
  },
  {
    heading: "Awards",
    pages: [
      {
        href: "/awards",
        label: "History",
        paletteLabel: "Award history",
        icon: "history",
        permission: "awards:read",
        keywords: ["awards", "sent"],
      },
      { href: "/awards/new", label: "New award", icon: "new-award", permission: "awards:send" },
      {
        href: "/awards/bulk",
        label: "Bulk awards",
        icon: "bulk",
        permission: "awards:send",
        keywords: ["csv", "batch"],
      },
      {
        href: "/campaigns",
        label: "Campaigns",
        icon: "campaigns",
        permission: "awards:read",
        keywords: ["schedule", "recurring", "weekly", "player list", "calendar"],
      },
      {
        href: "/approvals",
        label: "Approvals",
        icon: "approvals",
        permission: "awards:approve",
        counted: { of: "approvals", label: "waiting for your approval" },
        keywords: ["four-eyes", "approve", "reject", "withdraw", "waiting", "threshold"],
      },
    ],
  },
  {
    heading: null,
    pages: [
      {
        href: "/wallet",
        label: "Wallet",
        icon: "wallet",
        permission: "wallet:read",
        needsWallet: true,
        keywords: ["fund", "queue"],
      },
      { href: "/settings", label: "Settings", icon: "settings", permission: "users:manage" },
      {
        href: "/settings/users",
        label: "Users",
        icon: "users",
        permission: "users:manage",
        paletteOnly: true,
        keywords: ["settings", "roles"],
      },
      {
        href: "/settings/connections",
        label: "Connections",
        icon: "connections",
        permission: "connections:manage",
        paletteOnly: true,
        keywords: ["settings", "projects", "api key"],
      },
      {
        href: "/settings/policies",
        label: "Award policies",
        icon: "approvals",
        permission: "policies:manage",
        paletteOnly: true,
        keywords: ["settings", "limits", "daily limit", "threshold", "four-eyes", "approval"],
      },
      {
        href: "/settings/notifications",
        label: "Notification settings",
        icon: "settings",
        permission: "notifications:manage",
        paletteOnly: true,
        keywords: ["settings", "slack", "discord", "email", "alerts", "notify"],
      },
      {
        href: "/settings/security",
        label: "Security settings",
        icon: "security",
        permission: "settings:manage",
        paletteOnly: true,
        keywords: ["settings", "two-factor", "mfa", "idle", "timeout", "retention"],
      },
      {
        href: "/audit",
        label: "Audit log",
        icon: "audit",
        permission: "audit:read",
        keywords: ["log", "history", "who", "verify", "export"],
      },
    ],
  },
  {
    heading: "Developers",
    pages: [
      {
        href: "/developers/keys",
        label: "Keys",
        paletteLabel: "API keys",
        icon: "keys",
        permission: "keys:manage",
        keywords: ["api key", "roll", "revoke", "scopes", "caps", "secret"],
      },
      {
        href: "/developers/webhooks",
        label: "Webhooks",
        icon: "webhooks",
        permission: "webhooks:manage",
        keywords: ["events", "signed", "deliveries", "replay", "endpoint", "notify", "game server"],
      },
      {
        href: "/developers/requests",
        label: "Requests",
        paletteLabel: "Request log",
        icon: "requests",
        permission: "requests:read",
        keywords: ["log", "errors", "what the service saw", "status", "debug"],
      },
    ],
  },
];

export interface NavOptions {
  /** The chosen project's service offers the wallet extension (and the role may read it). */
  wallet: boolean;
  /** Include the pages reached through a section (for the palette). */
  palette?: boolean;
  /** Numbers for the links that carry one; a link shows its number only when it is above 0. */
  counts?: NavCounts;
}

/** The groups and pages a role is offered; empty groups are dropped. Runs on the server. */
export function consoleNav(role: Role, { wallet, palette = false, counts }: NavOptions): NavGroup[] {
  return PAGES.map(({ heading, pages }) => ({
    heading,
    items: pages
      .filter((page) => can(role, page.permission))
      .filter((page) => wallet || !page.needsWallet)
      .filter((page) => palette || !page.paletteOnly)
      .map(({ permission: _permission, needsWallet: _wallet, paletteOnly: _palette, counted, ...item }) => {
        const value = counted ? (counts?.[counted.of] ?? 0) : 0;
        return counted && value > 0 ? { ...item, count: { value, label: counted.label } } : item;
      }),
  })).filter((group) => group.items.length > 0);
}

/**
 * The link that marks the page someone is on: the longest href the path is or lies below
 * ("/awards/new" for the form, "/awards" for one award's page); "/" only for itself.
 */
export function currentHref(pathname: string, hrefs: readonly string[]): string | null {
  let best: string | null = null;
  for (const href of hrefs) {
    const matches = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
    if (matches && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

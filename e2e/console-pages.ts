/**
 * Every page of the console a person can open, with the title its tab shows (the root layout adds
 * " · Game Commerce Console") and the role that may open it. One list for the title spec, the phone
 * spec and `npm run screenshots`. Records (a player, an item, an award, a batch) use the demo's.
 */
export interface ConsolePage {
  path: string;
  title: string;
  /** The lowest role that may open it: owner > manager > support. */
  role: "support" | "manager" | "owner";
}

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: "/", title: "Overview", role: "support" },
  { path: "/catalogue/products", title: "Products", role: "support" },
  { path: "/catalogue/prices", title: "Prices", role: "support" },
  { path: "/catalogue/tokens", title: "Tokens", role: "support" },
  { path: "/catalogue/translations", title: "Translations", role: "support" },
  { path: "/players", title: "Players", role: "support" },
  { path: "/players/player-1001", title: "player-1001 · Players", role: "support" },
  { path: "/items/77", title: "Item 77 · Items", role: "support" },
  { path: "/awards", title: "History · Awards", role: "support" },
  { path: "/awards/new", title: "New award · Awards", role: "manager" },
  { path: "/awards/bulk", title: "Bulk awards · Awards", role: "manager" },
  { path: "/campaigns", title: "Campaigns", role: "support" },
  { path: "/campaigns/new", title: "New campaign · Campaigns", role: "manager" },
  { path: "/campaigns/1", title: "Campaign 1 · Campaigns", role: "support" },
  { path: "/approvals", title: "Approvals", role: "manager" },
  { path: "/approvals/1", title: "Request 1 · Approvals", role: "manager" },
  { path: "/wallet", title: "Wallet", role: "manager" },
  { path: "/settings/users", title: "Users · Settings", role: "owner" },
  { path: "/settings/connections", title: "Connections · Settings", role: "owner" },
  { path: "/settings/policies", title: "Award policies · Settings", role: "owner" },
  { path: "/settings/notifications", title: "Notifications · Settings", role: "owner" },
  { path: "/settings/security", title: "Security · Settings", role: "owner" },
  { path: "/audit", title: "Audit log", role: "owner" },
  { path: "/developers/keys", title: "Keys · Developers", role: "owner" },
  { path: "/developers/webhooks", title: "Webhooks · Developers", role: "owner" },
  // Support and owners read it, managers do not: the lowest-role rank cannot say so, so owners check it.
  { path: "/developers/requests", title: "Requests · Developers", role: "owner" },
  { path: "/account", title: "Account", role: "support" },
  { path: "/notifications", title: "Notifications", role: "support" },
];

export const TITLE_SUFFIX = " · Game Commerce Console";

const RANK = { support: 0, manager: 1, owner: 2 } as const;

/** The pages a role may open. */
export function pagesFor(role: ConsolePage["role"]): ConsolePage[] {
  return CONSOLE_PAGES.filter((page) => RANK[page.role] <= RANK[role]);
}

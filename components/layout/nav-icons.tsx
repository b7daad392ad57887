import {
  Cable,
  Coins,
  FileSpreadsheet,
  History,
  Languages,
  LayoutDashboard,
  type LucideIcon,
  Package,
  ScrollText,
  Send,
  Settings,
  ShieldCheck,
  Tag,
  UserSearch,
  Users,
  Wallet,
} from "lucide-react";
import type { NavIcon } from "./console-nav";

/** One icon per page, shared by the sidebar and the palette. */
export const NAV_ICONS: Record<NavIcon, LucideIcon> = {
  overview: LayoutDashboard,
  products: Package,
  prices: Tag,
  tokens: Coins,
  translations: Languages,
  players: UserSearch,
  history: History,
  "new-award": Send,
  bulk: FileSpreadsheet,
  wallet: Wallet,
  settings: Settings,
  users: Users,
  connections: Cable,
  security: ShieldCheck,
  audit: ScrollText,
};

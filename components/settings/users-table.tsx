"use client";
import { DataTable } from "@/components/data-table/data-table";
import { columnHelper } from "@/components/data-table/features";
import { TextCell } from "@/components/data-table/text-cell";
import { UserRowActions } from "@/components/settings/user-row-actions";
import { UserSecurityActions } from "@/components/settings/user-security-actions";
import { Badge } from "@/components/ui/badge";
import type { ConsoleUser } from "@/lib/model/console-user";

/** A console user as the table shows them; `you` marks the owner looking at the page. */
export type UserRow = ConsoleUser & { you: boolean; mfaEnrolled: boolean };

const column = columnHelper<UserRow>();

const columns = column.columns([
  column.accessor("email", {
    header: "Email",
    sortFn: "text",
    cell: ({ row }) => (
      <span className="flex items-baseline gap-2">
        <TextCell text={row.original.email} width="lg" />
        {row.original.you ? (
          <span className="text-xs whitespace-nowrap text-muted-foreground">(you)</span>
        ) : null}
      </span>
    ),
  }),
  column.accessor("name", { header: "Name", sortFn: "text", meta: { cellClassName: "min-w-32" } }),
  column.accessor((user) => (user.active ? "Active" : "Deactivated"), {
    id: "status",
    header: "Status",
    cell: ({ row }) =>
      row.original.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Deactivated</Badge>,
  }),
  column.accessor((user) => (user.mfaEnrolled ? "On" : "Off"), {
    id: "mfa",
    header: "Two-factor",
    cell: ({ row }) =>
      row.original.mfaEnrolled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>,
  }),
  column.accessor("role", {
    header: "Role and access",
    enableGlobalFilter: false,
    cell: ({ row: { original: user } }) => (
      <UserRowActions userId={user.id} email={user.email} role={user.role} active={user.active} />
    ),
  }),
  column.display({
    id: "security",
    header: "Sign-in",
    cell: ({ row: { original: user } }) => (
      <UserSecurityActions
        userId={user.id}
        email={user.email}
        mfaEnrolled={user.mfaEnrolled}
        you={user.you}
      />
    ),
  }),
]);

/** Who may sign in, with which role; each row changes its user at once. */
export function UsersTable({ users }: { users: UserRow[] }) {
  return (
    <DataTable
      noun="users"
      caption="Console users"
      rows={users}
      columns={columns}
      getRowId={(user) => String(user.id)}
      rowTestId={(user) => `user-${user.email}`}
      pageSize={50}
      filter={users.length > 10}
    />
  );
}

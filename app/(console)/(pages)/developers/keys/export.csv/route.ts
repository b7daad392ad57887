import { defineCsvExport } from "@/lib/api/define-csv-export";
import { listKeys } from "@/lib/client/keys";
import { requireProject } from "@/lib/project/current-project";
import { keyRowsInOrder } from "@/lib/service-keys/key-view";

export const dynamic = "force-dynamic";

/** The project's API keys as the page lists them, as CSV: names, prefixes and caps, never a secret. */
export const GET = defineCsvExport("keys:manage", async ({ user }) => {
  const { connection } = await requireProject(user.id);
  const keys = keyRowsInOrder((await listKeys(connection)).Data.Keys, new Date());
  return {
    name: "api-keys",
    header: [
      "id",
      "name",
      "prefix",
      "status",
      "scopes",
      "daily_caps",
      "created_at",
      "last_used_at",
      "expires_at",
      "revoked_at",
    ],
    rows: keys.map((key) => [
      String(key.id),
      key.name,
      key.prefix,
      key.status.kind,
      key.scopes.join(" "),
      key.caps.map((cap) => `${cap.daily} ${cap.symbol}`).join("; "),
      key.createdAt,
      key.lastUsedAt,
      key.expiresAt,
      key.revokedAt,
    ]),
  };
});

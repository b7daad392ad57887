import { defineRoute } from "@/lib/api/define-route";
import { readOwnBell } from "@/lib/notifications/page-reads";

export const dynamic = "force-dynamic";

/** GET /api/notifications — the signed-in person's bell: unread count and the latest 20 (every role). */
export const GET = defineRoute("account:manage", async ({ user }) => readOwnBell(user.id));

import { defineRoute, RouteError } from "@/lib/api/define-route";
import { readWalletView } from "@/lib/awards/wallet-view";
import { ServiceCallError } from "@/lib/client/call-service";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** GET /api/wallet — the project wallet's balances, gaps and queue, kept live on the wallet page. */
export const GET = defineRoute("wallet:read", async ({ user }) => {
  const { connection } = await requireProject(user.id);
  try {
    const view = await readWalletView(connection);
    if (!view)
      throw new RouteError(404, "This project's service has no project wallet (our Wallet extension).");
    return view;
  } catch (error) {
    if (error instanceof ServiceCallError) throw new RouteError(502, error.message);
    throw error;
  }
});

import { defineRoute } from "@/lib/api/define-route";
import { readWalletView } from "@/lib/awards/wallet-view";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { requireProject } from "@/lib/project/current-project";

export const dynamic = "force-dynamic";

/** GET /api/wallet — the project wallet's balances, gaps and queue, kept live on the wallet page. */
export const GET = defineRoute("wallet:read", async ({ user }) => {
  const { connection } = await requireProject(user.id);
  const view = await readWalletView(connection);
  if (!view)
    throw new UserFacingError("This project's service has no project wallet (our Wallet extension).", {
      status: 404,
    });
  return view;
});

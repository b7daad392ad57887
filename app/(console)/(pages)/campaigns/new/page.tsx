import type { Metadata } from "next";
import { CampaignForm } from "@/components/campaigns/campaign-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { readCampaignForm } from "@/lib/campaigns/page-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New campaign · Campaigns" };

/** A new campaign: what each player of a list gets, and when. */
export default async function NewCampaignPage() {
  const user = await requirePageUser("awards:send");
  const choices = await readCampaignForm(user);
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title="New campaign"
        description="Preview it first: the next five occurrences, with what each pays. A campaign above a token's approval threshold waits for another manager or owner."
      />
      <CampaignForm lists={choices.lists} tokens={choices.tokens} />
    </main>
  );
}

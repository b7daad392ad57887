import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignForm } from "@/components/campaigns/campaign-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { readCampaignDraft, readCampaignForm } from "@/lib/campaigns/page-reads";
import { isRowId } from "@/lib/model/row-id";
import { recordTitle } from "@/lib/pages/page-title";

export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: PageProps<"/campaigns/[campaignId]/edit">): Promise<Metadata> {
  return recordTitle(`Edit campaign ${(await params).campaignId}`, "Campaigns");
}

/** A campaign's future occurrences changed: new terms and a schedule from the next occurrence on. */
export default async function EditCampaignPage({ params }: PageProps<"/campaigns/[campaignId]/edit">) {
  const user = await requirePageUser("awards:send");
  const id = Number((await params).campaignId);
  const found = isRowId(id) ? await readCampaignDraft(user, id) : null;
  if (!found) notFound();
  const choices = await readCampaignForm(user);
  return (
    <main className="flex min-w-0 flex-col gap-6 px-6 py-6">
      <PageHeader
        title={`Edit ${found.name}`}
        description="What you save applies from the next occurrence on; occurrences that ran, or are running, stay as they were. Above a token's approval threshold, the campaign waits for approval again."
      />
      <CampaignForm
        lists={choices.lists}
        tokens={choices.tokens}
        initial={found.draft}
        campaignId={found.campaignId}
      />
    </main>
  );
}

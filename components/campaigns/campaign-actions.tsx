"use client";
import { useFormAction } from "@/components/forms/use-form-action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { changeCampaignAction } from "@/lib/actions/campaigns/change-campaign";
import type { CampaignStatus } from "@/lib/model/campaign-status";

/** Pause, resume or cancel, each after a confirmation that says what it does to the occurrences. */
export function CampaignActions({
  campaignId,
  name,
  status,
}: {
  campaignId: number;
  name: string;
  status: CampaignStatus;
}) {
  const change = useFormAction(changeCampaignAction, {
    success: ({ status }) => `Campaign "${name}" is ${status === "active" ? "active again" : status}.`,
    failure: (error) => error,
  });
  const run = (what: "pause" | "resume" | "cancel") => async () => {
    await change.run({ campaignId, change: what });
  };
  return (
    <div className="flex flex-wrap gap-2">
      {status === "active" ? (
        <ConfirmButton
          label="Pause"
          variant="outline"
          title={`Pause campaign "${name}"?`}
          confirmLabel="Pause"
          pending={change.pending}
          onConfirm={run("pause")}
        >
          No occurrence runs while it is paused. An occurrence already running is not stopped.
        </ConfirmButton>
      ) : null}
      {status === "paused" ? (
        <ConfirmButton
          label="Resume"
          title={`Resume campaign "${name}"?`}
          confirmLabel="Resume"
          pending={change.pending}
          onConfirm={run("resume")}
        >
          Occurrences that fell due while it was paused are skipped, not sent; the next one runs on time.
        </ConfirmButton>
      ) : null}
      {status === "active" || status === "paused" ? (
        <ConfirmButton
          label="Cancel campaign"
          variant="outline"
          tone="danger"
          title={`Cancel campaign "${name}" for good?`}
          confirmLabel="Cancel campaign"
          pending={change.pending}
          onConfirm={run("cancel")}
        >
          No further occurrence runs, ever. What was sent stays sent (reverse a batch from its page).
        </ConfirmButton>
      ) : null}
    </div>
  );
}

"use client";
import { useFormAction } from "@/components/forms/use-form-action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { sendHeldOccurrenceAction } from "@/lib/actions/campaigns/send-held-occurrence";

/** Sends a held occurrence now, after a confirmation that says whose limit it counts against. */
export function SendHeldButton({
  campaignId,
  name,
  occurrence,
}: {
  campaignId: number;
  name: string;
  occurrence: number;
}) {
  const send = useFormAction(sendHeldOccurrenceAction, {
    success: ({ batchId }) => `Occurrence ${occurrence} of "${name}" is being sent as batch ${batchId}.`,
    failure: (error) => error,
  });
  return (
    <ConfirmButton
      label="Send now"
      size="sm"
      variant="outline"
      title={`Send held occurrence ${occurrence} of "${name}" now?`}
      confirmLabel="Send now"
      pending={send.pending}
      onConfirm={async () => {
        await send.run({ campaignId, occurrence });
      }}
    >
      It pays the campaign's players now, late, with this occurrence's own RequestIDs, so no player is paid
      twice. It counts against your own daily limit, in your name.
    </ConfirmButton>
  );
}

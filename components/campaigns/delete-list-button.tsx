"use client";
import { useFormAction } from "@/components/forms/use-form-action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { deletePlayerListAction } from "@/lib/actions/campaigns/delete-player-list";

/** Deletes a player list no campaign uses, after a confirmation naming it and its size. */
export function DeleteListButton({
  listId,
  name,
  players,
}: {
  listId: number;
  name: string;
  players: string;
}) {
  const remove = useFormAction(deletePlayerListAction, {
    success: () => `Player list "${name}" is deleted.`,
    failure: (error) => error,
  });
  return (
    <ConfirmButton
      label="Delete"
      size="sm"
      variant="outline"
      tone="danger"
      title={`Delete player list "${name}"?`}
      confirmLabel="Delete list"
      pending={remove.pending}
      onConfirm={async () => {
        await remove.run({ listId });
      }}
    >
      Its {players} players are removed from the console. No campaign uses it; a list a campaign uses cannot
      be deleted.
    </ConfirmButton>
  );
}

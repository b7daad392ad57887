"use client";
import { Pin } from "lucide-react";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-footer";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ToggleButton } from "@/components/ui/toggle-button";
import { When } from "@/components/ui/when";
import { addNoteAction } from "@/lib/actions/players/add-note";
import { deleteNoteAction } from "@/lib/actions/players/delete-note";
import { editNoteAction } from "@/lib/actions/players/edit-note";
import { hideNoteAction } from "@/lib/actions/players/hide-note";
import {
  NOTE_MAX_LENGTH,
  NOTE_TAG_LABELS,
  NOTE_TAGS,
  type NoteTag,
  type PinnedNote,
  type PlayerNote,
} from "@/lib/model/player-notes";

/** The pinned notes of a player, as a warning beside what is about to be done to them. */
export function PinnedNotes({
  notes,
  testId = "pinned-notes",
}: {
  notes: readonly PinnedNote[];
  testId?: string;
}) {
  if (notes.length === 0) return null;
  return (
    <ul data-testid={testId} className="flex flex-col gap-2">
      {notes.map((note) => (
        <li
          key={`${note.customerId}-${note.createdAt}-${note.authorEmail}`}
          role="note"
          className="flex flex-col gap-1 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
        >
          <span className="flex flex-wrap items-center gap-2 font-medium">
            <Pin aria-hidden="true" className="size-3.5" />
            Pinned note by {note.authorEmail}
            {note.tag ? <Badge tone="warning">{NOTE_TAG_LABELS[note.tag]}</Badge> : null}
            <When iso={note.createdAt} className="font-normal text-muted-foreground" />
          </span>
          <span className="whitespace-pre-wrap break-words">{note.text}</span>
        </li>
      ))}
    </ul>
  );
}

interface Draft {
  text: string;
  tag: NoteTag | null;
  pinned: boolean;
}

const EMPTY: Draft = { text: "", tag: null, pinned: false };

/** The fields of a note, new or edited: the text, an optional tag, pinned or not. */
function NoteForm({
  idPrefix,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  pending,
  error,
  fieldErrors,
}: {
  idPrefix: string;
  initial: Draft;
  submitLabel: string;
  onSubmit: (draft: Draft) => Promise<boolean>;
  onCancel?: () => void;
  pending: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  return (
    <Form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(draft).then((ok) => {
          if (ok && !onCancel) setDraft(EMPTY);
        });
      }}
    >
      <Field id={`${idPrefix}-text`} label="Note" error={fieldErrors.text}>
        <Textarea
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={draft.text}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        />
      </Field>
      <div className="flex flex-wrap items-end gap-4">
        <Field id={`${idPrefix}-tag`} label="Tag" optional error={fieldErrors.tag} className="w-48">
          <Select
            value={draft.tag ?? ""}
            onChange={(event) => setDraft({ ...draft, tag: (event.target.value || null) as NoteTag | null })}
          >
            <option value="">None</option>
            {NOTE_TAGS.map((tag) => (
              <option key={tag} value={tag}>
                {NOTE_TAG_LABELS[tag]}
              </option>
            ))}
          </Select>
        </Field>
        <ToggleButton
          pressed={draft.pinned}
          onPressedChange={(pinned) => setDraft({ ...draft, pinned })}
          ariaLabel="Pin: show it wherever this player is about to be paid"
        >
          <Pin aria-hidden="true" />
          Pin
        </ToggleButton>
      </div>
      <FormError message={error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** A note's start, to tell one row's buttons from another's. */
const opening = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

function NoteItem({ note, canModerate }: { note: PlayerNote; canModerate: boolean }) {
  const [editing, setEditing] = useState(false);
  const edit = useFormAction(editNoteAction, {
    success: () => "Note saved.",
    onSuccess: () => setEditing(false),
  });
  const remove = useFormAction(deleteNoteAction, { success: () => "Note deleted." });
  const hide = useFormAction(hideNoteAction, {
    success: (data) => (data.hidden ? "Note hidden from everyone but owners." : "Note shown again."),
  });
  return (
    <li
      data-testid={`note-${note.id}`}
      className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{note.authorEmail}</span>
        <When iso={note.createdAt} className="text-muted-foreground" />
        {note.updatedAt !== note.createdAt ? <span className="text-muted-foreground">(edited)</span> : null}
        {note.pinned ? (
          <Badge tone="warning">
            <Pin aria-hidden="true" className="size-3" />
            Pinned
          </Badge>
        ) : null}
        {note.tag ? <Badge>{NOTE_TAG_LABELS[note.tag]}</Badge> : null}
        {note.hiddenBy ? <Badge tone="danger">Hidden by {note.hiddenBy}</Badge> : null}
      </div>
      {editing ? (
        <NoteForm
          idPrefix={`note-${note.id}-edit`}
          initial={{ text: note.text, tag: note.tag, pinned: note.pinned }}
          submitLabel="Save note"
          onSubmit={async (draft) => (await edit.run({ id: note.id, ...draft })).ok}
          onCancel={() => setEditing(false)}
          pending={edit.pending}
          error={edit.error}
          fieldErrors={edit.fieldErrors}
        />
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm">{note.text}</p>
      )}
      {!editing && (note.mine || canModerate) ? (
        <div className="flex flex-wrap gap-2">
          {note.mine ? (
            <>
              <Button
                variant="outline"
                aria-label={`Edit your note ${opening(note.text)}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              <ConfirmButton
                label="Delete"
                ariaLabel={`Delete your note ${opening(note.text)}`}
                variant="outline"
                tone="danger"
                title="Delete this note?"
                confirmLabel="Delete note"
                pending={remove.pending}
                onConfirm={async () => {
                  await remove.run({ id: note.id });
                }}
              >
                <p className="text-sm">The audit log keeps what it said.</p>
              </ConfirmButton>
            </>
          ) : null}
          {canModerate ? (
            <Button
              variant="outline"
              aria-label={`${note.hiddenBy === null ? "Hide" : "Show again"} ${note.authorEmail}'s note ${opening(note.text)}`}
              disabled={hide.pending}
              onClick={() => void hide.run({ id: note.id, hidden: note.hiddenBy === null })}
            >
              {note.hiddenBy === null ? "Hide" : "Show again"}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export interface PlayerNotesProps {
  customerId: string;
  notes: readonly PlayerNote[];
  canWrite: boolean;
  canModerate: boolean;
}

/** Staff notes on a player (docs/console.md, "Staff notes"): the list, and a form to add one. */
export function PlayerNotes({ customerId, notes, canWrite, canModerate }: PlayerNotesProps) {
  const add = useFormAction(addNoteAction, { success: () => "Note saved." });
  return (
    <section aria-labelledby="notes-heading" className="flex flex-col gap-3">
      <h2 id="notes-heading" className="text-lg font-semibold">
        Staff notes
      </h2>
      {notes.length > 0 ? (
        <ul className="flex flex-col rounded-lg border border-border px-4">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} canModerate={canModerate} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      )}
      {canWrite ? (
        <div className="max-w-2xl">
          <NoteForm
            idPrefix="new-note"
            initial={EMPTY}
            submitLabel="Add note"
            onSubmit={async (draft) => (await add.run({ customerId, ...draft })).ok}
            pending={add.pending}
            error={add.error}
            fieldErrors={add.fieldErrors}
          />
        </div>
      ) : null}
    </section>
  );
}

import { z } from "zod";
import { MAX_FILE_BYTES } from "./csv";

const file = z
  .instanceof(File, { error: "must be a CSV file" })
  .refine((value) => value.size > 0, { error: "is empty" })
  .refine((value) => value.size <= MAX_FILE_BYTES, {
    error: `must be at most ${MAX_FILE_BYTES / 1024 / 1024} MB`,
  });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The upload form as a server action receives it (multipart): the file, and what was confirmed. */
const fromForm = z.instanceof(FormData, { error: "must be the upload form" }).transform((form) => ({
  file: form.get("file") as unknown,
  reason: text(form, "reason"),
  confirmRepeats: text(form, "confirmRepeats") === "on",
  confirmRecent: text(form, "confirmRecent") === "on",
  confirmNewPlayers: text(form, "confirmNewPlayers") === "on",
}));

/** The dry run needs only the file. */
export const BulkCheckInput = fromForm.pipe(
  z.object({
    file,
    reason: z.string(),
    confirmRepeats: z.boolean(),
    confirmRecent: z.boolean(),
    confirmNewPlayers: z.boolean(),
  }),
);

/** Sending needs the batch's reason and the confirmations the dry run asked for. */
export const BulkSendInput = fromForm.pipe(
  z.object({
    file,
    reason: z
      .string()
      .trim()
      .min(1, { error: "is required: say why (kept in the award trail)" })
      .max(500, { error: "must be at most 500 characters" }),
    confirmRepeats: z.boolean(),
    confirmRecent: z.boolean(),
    confirmNewPlayers: z.boolean(),
  }),
);

/** The console's primary action (a button, or a link that acts like one). */
export const PRIMARY_BUTTON =
  "rounded-md bg-zinc-900 px-4 py-2 font-medium text-white disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900";

/** A secondary action beside a primary one (Cancel, Award again). */
export const SECONDARY_BUTTON =
  "rounded-md border border-zinc-300 px-4 py-2 disabled:opacity-60 dark:border-zinc-700";

/** An act that takes something away (deactivate, delete). */
export const DANGER_BUTTON =
  "rounded-md bg-rose-700 px-4 py-2 font-medium text-white disabled:opacity-60 dark:bg-rose-600";

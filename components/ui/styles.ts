/** The console's primary action (a button, or a link that acts like one). */
export const PRIMARY_BUTTON =
  "rounded-md bg-zinc-900 px-4 py-2 font-medium text-white disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900";

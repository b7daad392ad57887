import type { ShownText } from "@/lib/catalogue/texts";

/**
 * A product text in the chosen language, or the fallback marked as such (DESIGN §7), or a plain
 * "missing" when no language has it. `lang` lets screen readers pronounce it right.
 */
export function ShownTextView({ text, what }: { text: ShownText | null; what: string }) {
  if (!text) return <span className="text-zinc-500 italic dark:text-zinc-400">No {what}</span>;
  return (
    <span>
      <span lang={text.language}>{text.value}</span>
      {text.fallback ? (
        <span
          data-testid="fallback"
          title={`Not translated: shown in ${text.language}`}
          className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
        >
          Fallback: {text.language}
        </span>
      ) : null}
    </span>
  );
}

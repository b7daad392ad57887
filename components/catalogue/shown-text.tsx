import { Badge } from "@/components/ui/badge";
import type { ShownText } from "@/lib/catalogue/texts";

/**
 * A product text in the chosen language, or the fallback marked as such (docs/console.md, "Catalogue languages"), or a plain
 * "missing" when no language has it. `lang` lets screen readers pronounce it right; `dir="auto"`
 * sets the direction from the text itself, so an Arabic or Hebrew title runs right to left (and
 * an English fallback shown in its place stays left to right) inside a left-to-right page.
 */
export function ShownTextView({ text, what }: { text: ShownText | null; what: string }) {
  if (!text) return <span className="text-muted-foreground italic">No {what}</span>;
  return (
    <span>
      <span lang={text.language} dir="auto" data-testid="shown-text">
        {text.value}
      </span>
      {text.fallback ? (
        <span data-testid="fallback" title={`Not translated: shown in ${text.language}`} className="ms-2">
          <Badge tone="warning">Fallback: {text.language}</Badge>
        </span>
      ) : null}
    </span>
  );
}

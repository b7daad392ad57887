import type { Metadata } from "next";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Any path the console has no page for: answered HTTP 404 by the console's own page inside the
 * shell (app/(console)/not-found.tsx), after the layout's session check — a signed-out visitor
 * signs in first, so the 404 never tells a stranger which paths exist. Outside `(pages)`, whose
 * skeleton would stream first and fix the status at 200 (docs/console.md, "Sign-in, titles and
 * missing pages").
 */
export default function MissingPage() {
  notFound();
}

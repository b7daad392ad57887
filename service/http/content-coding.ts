/**
 * HTTP content negotiation for the cached reads (docs/service.md, "Caches"): which coding an
 * `Accept-Encoding` asks for, and whether an `If-None-Match` names what we would send.
 */

export type Coding = "br" | "gzip" | "identity";

// Equal weights: the smaller answer first.
const UNNAMED_IDENTITY = 0.0001;
const PREFERENCE: readonly Coding[] = ["br", "gzip", "identity"];

/**
 * The coding to answer with (RFC 9110 §12.5.3): the acceptable one with the highest q value,
 * br before gzip before identity on a tie. A coding not named is acceptable only through `*`,
 * except identity, which is acceptable unless refused (`identity;q=0`, or `*;q=0` without
 * naming it) — but, not named, it comes after any coding the client did name, as a client that
 * names one wants it. When everything is refused we still answer identity rather than 406.
 */
export function negotiateCoding(acceptEncoding: string | undefined): Coding {
  if (acceptEncoding === undefined) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((s) => s.trim());
    if (name === "") continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(parameter);
      if (match) q = Math.min(1, Number(match[1]));
    }
    const coding = name.toLowerCase() === "x-gzip" ? "gzip" : name.toLowerCase();
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  const star = weights.get("*");
  const weight = (coding: Coding) =>
    weights.get(coding) ?? (coding === "identity" ? (star ?? UNNAMED_IDENTITY) : (star ?? 0));
  let best: Coding = "identity";
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const w = weight(coding);
    if (w > bestWeight) {
      best = coding;
      bestWeight = w;
    }
  }
  return best;
}

/**
 * Whether `If-None-Match` names one of `etags` (weak comparison, as RFC 9110 §13.1.2 requires for
 * this header: `W/"x"` matches `"x"`), or is `*`.
 */
export function noneMatchHits(ifNoneMatch: string | undefined, etags: readonly string[]): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const listed = ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return listed.some((tag) => etags.includes(tag.replace(/^W\//, "")));
}

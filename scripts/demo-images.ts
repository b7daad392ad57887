import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Draws the demo project's images (README, "The demo"): one SVG per token and per product kind,
 * written to public/demo/ and committed, so the demo shows pictures without a network. Run it
 * again after changing a drawing: `node_modules/.bin/tsx scripts/demo-images.ts`.
 *
 * Each picture is a 64-unit icon on a rounded tile: a dark radial backdrop in the kind's hue, the
 * icon filled with a light-to-dark gradient of two colours, a darker outline and a soft highlight.
 */

interface Palette {
  /** Light and dark ends of the icon's gradient. */
  light: string;
  dark: string;
  /** The backdrop's centre and edge. */
  glow: string;
  edge: string;
}

const PALETTES = {
  gold: { light: "#fde68a", dark: "#b45309", glow: "#78350f", edge: "#1c1917" },
  violet: { light: "#ddd6fe", dark: "#6d28d9", glow: "#4c1d95", edge: "#0f0a1e" },
  teal: { light: "#99f6e4", dark: "#0f766e", glow: "#134e4a", edge: "#041a18" },
  steel: { light: "#f1f5f9", dark: "#64748b", glow: "#334155", edge: "#0b1120" },
  ember: { light: "#fecaca", dark: "#b91c1c", glow: "#7f1d1d", edge: "#1a0606" },
  sky: { light: "#bae6fd", dark: "#0369a1", glow: "#0c4a6e", edge: "#04131f" },
  leaf: { light: "#bbf7d0", dark: "#15803d", glow: "#14532d", edge: "#05160c" },
  rose: { light: "#fbcfe8", dark: "#be185d", glow: "#831843", edge: "#1a0510" },
  wood: { light: "#fed7aa", dark: "#9a3412", glow: "#7c2d12", edge: "#1a0c05" },
} satisfies Record<string, Palette>;

type PaletteName = keyof typeof PALETTES;

/** Icon bodies on a 64×64 grid: `F` is the gradient fill, `S` the outline colour, `H` a highlight. */
type Shape = (c: { F: string; S: string; H: string }) => string;

const SHAPES: Record<string, { palette: PaletteName; title: string; shape: Shape }> = {
  // Tokens
  "tokens/gold": {
    palette: "gold",
    title: "Arena Gold coin",
    shape: ({ F, S, H }) => `
      <circle cx="32" cy="32" r="24" fill="${F}" stroke="${S}" stroke-width="2"/>
      <circle cx="32" cy="32" r="18" fill="none" stroke="${S}" stroke-width="1.5" opacity=".6"/>
      <path d="M32 19l3.8 8 8.7 1.1-6.4 6 1.7 8.6L32 38.4l-7.8 4.3 1.7-8.6-6.4-6 8.7-1.1z" fill="${S}" opacity=".75"/>
      <path d="M16 26a17 17 0 0 1 14-12" stroke="${H}" stroke-width="3" stroke-linecap="round" fill="none"/>`,
  },
  "tokens/gem": {
    palette: "violet",
    title: "Star Gem",
    shape: ({ F, S, H }) => `
      <path d="M20 14h24l12 14-24 28L8 28z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M8 28h48M20 14l6 14 6-14 6 14 6-14M26 28l6 28 6-28" stroke="${S}" stroke-width="1.5" fill="none" stroke-linejoin="round" opacity=".7"/>
      <path d="M14 26l7-9" stroke="${H}" stroke-width="3" stroke-linecap="round"/>`,
  },
  "tokens/shard": {
    palette: "teal",
    title: "Void Shard",
    shape: ({ F, S, H }) => `
      <path d="M34 4l12 20-8 36-14-16-4-24z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M34 4l-2 26 6 30M20 20l12 10 14-6" stroke="${S}" stroke-width="1.5" fill="none" opacity=".7"/>
      <path d="M24 22l8-12" stroke="${H}" stroke-width="3" stroke-linecap="round"/>`,
  },
  // Product kinds
  "products/blade": {
    palette: "ember",
    title: "Blade",
    shape: ({ F, S, H }) => `
      <path d="M32 4l6 8v28H26V12z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M32 8v30" stroke="${H}" stroke-width="2" opacity=".8"/>
      <rect x="17" y="40" width="30" height="6" rx="3" fill="#fbbf24" stroke="${S}" stroke-width="2"/>
      <rect x="29" y="46" width="6" height="10" fill="#78350f" stroke="${S}" stroke-width="2"/>
      <circle cx="32" cy="58" r="4" fill="#fbbf24" stroke="${S}" stroke-width="2"/>`,
  },
  "products/shield": {
    palette: "sky",
    title: "Shield",
    shape: ({ F, S, H }) => `
      <path d="M32 6l20 7v17c0 14-9 23-20 28-11-5-20-14-20-28V13z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M32 14v36M20 28h24" stroke="${S}" stroke-width="4" stroke-linecap="round" opacity=".55"/>
      <path d="M17 17l9-3" stroke="${H}" stroke-width="3" stroke-linecap="round"/>`,
  },
  "products/pass": {
    palette: "gold",
    title: "Pass",
    shape: ({ F, S, H }) => `
      <path d="M8 18h48v10a4 4 0 0 0 0 8v10H8V36a4 4 0 0 0 0-8z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M42 18v28" stroke="${S}" stroke-width="2" stroke-dasharray="3 3"/>
      <path d="M25 24l2.6 5.4 5.9.8-4.3 4.1 1.1 5.9-5.3-2.9-5.3 2.9 1.1-5.9-4.3-4.1 5.9-.8z" fill="${S}" opacity=".75"/>
      <path d="M12 22h20" stroke="${H}" stroke-width="2.5" stroke-linecap="round"/>`,
  },
  "products/crown": {
    palette: "rose",
    title: "Crown",
    shape: ({ F, S, H }) => `
      <path d="M10 46l4-26 10 12 8-18 8 18 10-12 4 26z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <rect x="10" y="46" width="44" height="7" rx="2" fill="#fbbf24" stroke="${S}" stroke-width="2"/>
      <circle cx="22" cy="40" r="3" fill="#67e8f9"/><circle cx="32" cy="38" r="3.5" fill="#fde047"/><circle cx="42" cy="40" r="3" fill="#67e8f9"/>
      <path d="M15 28l2 10" stroke="${H}" stroke-width="2.5" stroke-linecap="round"/>`,
  },
  "products/potion": {
    palette: "rose",
    title: "Potion",
    shape: ({ F, S, H }) => `
      <rect x="26" y="5" width="12" height="6" rx="2" fill="#a16207" stroke="${S}" stroke-width="2"/>
      <path d="M28 11h8v10a17 17 0 1 1-8 0z" fill="#f8fafc" fill-opacity=".25" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M16 38a16 16 0 0 0 32 0c-6 3-10-3-16 0s-10 3-16 0z" fill="${F}"/>
      <circle cx="27" cy="44" r="2" fill="${H}"/><circle cx="35" cy="48" r="1.5" fill="${H}"/>
      <path d="M20 33a13 13 0 0 1 6-8" stroke="${H}" stroke-width="2.5" stroke-linecap="round" fill="none"/>`,
  },
  "products/elixir": {
    palette: "leaf",
    title: "Elixir",
    shape: ({ F, S, H }) => `
      <rect x="27" y="4" width="10" height="6" rx="2" fill="#a16207" stroke="${S}" stroke-width="2"/>
      <path d="M28 10h8v12l10 26a6 6 0 0 1-6 8H24a6 6 0 0 1-6-8l10-26z" fill="#f8fafc" fill-opacity=".25" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M21 40h22l3 8a6 6 0 0 1-6 8H24a6 6 0 0 1-6-8z" fill="${F}"/>
      <circle cx="30" cy="47" r="2" fill="${H}"/><circle cx="37" cy="51" r="1.5" fill="${H}"/>`,
  },
  "products/bow": {
    palette: "wood",
    title: "Bow",
    shape: ({ F, S, H }) => `
      <path d="M20 6c26 8 26 44 0 52" stroke="${S}" stroke-width="8" stroke-linecap="round" fill="none"/>
      <path d="M20 6c26 8 26 44 0 52" stroke="${F}" stroke-width="5" stroke-linecap="round" fill="none"/>
      <path d="M20 6v52" stroke="${H}" stroke-width="1.5"/>
      <path d="M8 32h44" stroke="#e2e8f0" stroke-width="2.5" stroke-linecap="round"/>
      <path d="M52 32l-7-5v10z" fill="#e2e8f0"/><path d="M8 32l-3-4M8 32l-3 4" stroke="#f87171" stroke-width="2"/>`,
  },
  "products/staff": {
    palette: "violet",
    title: "Staff",
    shape: ({ F, S, H }) => `
      <path d="M18 60l20-40" stroke="#78350f" stroke-width="6" stroke-linecap="round"/>
      <path d="M18 60l20-40" stroke="#b45309" stroke-width="3" stroke-linecap="round"/>
      <circle cx="42" cy="15" r="10" fill="${F}" stroke="${S}" stroke-width="2"/>
      <circle cx="42" cy="15" r="15" fill="none" stroke="${H}" stroke-width="1.5" opacity=".45"/>
      <path d="M38 10a5 5 0 0 1 5-2" stroke="${H}" stroke-width="2.5" stroke-linecap="round" fill="none"/>`,
  },
  "products/ring": {
    palette: "gold",
    title: "Ring",
    shape: ({ F, S, H }) => `
      <circle cx="32" cy="40" r="16" fill="none" stroke="${S}" stroke-width="9"/>
      <circle cx="32" cy="40" r="16" fill="none" stroke="${F}" stroke-width="6"/>
      <path d="M24 12h16l5 7-13 13-13-13z" fill="#67e8f9" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M19 19h26" stroke="${S}" stroke-width="1.5" opacity=".6"/>
      <path d="M24 40a8 8 0 0 1 4-7" stroke="${H}" stroke-width="2" stroke-linecap="round" fill="none"/>`,
  },
  "products/amulet": {
    palette: "teal",
    title: "Amulet",
    shape: ({ F, S, H }) => `
      <path d="M14 6q18 30 36 0" stroke="#fbbf24" stroke-width="2.5" fill="none"/>
      <path d="M32 24l16 16-16 18-16-18z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <circle cx="32" cy="40" r="5" fill="#fde047" stroke="${S}" stroke-width="1.5"/>
      <path d="M22 38l8-9" stroke="${H}" stroke-width="2.5" stroke-linecap="round"/>`,
  },
  "products/helmet": {
    palette: "steel",
    title: "Helmet",
    shape: ({ F, S, H }) => `
      <path d="M12 42c0-18 9-30 20-30s20 12 20 30v10H40V38H24v14H12z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M32 12V4" stroke="#dc2626" stroke-width="5" stroke-linecap="round"/>
      <path d="M24 30h16" stroke="${S}" stroke-width="3" stroke-linecap="round"/>
      <path d="M17 36c0-8 4-15 10-18" stroke="${H}" stroke-width="2.5" stroke-linecap="round" fill="none"/>`,
  },
  "products/armor": {
    palette: "steel",
    title: "Armour",
    shape: ({ F, S, H }) => `
      <path d="M18 8l8 4h12l8-4 10 8-4 12-6-2v30H18V26l-6 2-4-12z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M32 14v42M22 32h20M22 42h20" stroke="${S}" stroke-width="1.5" opacity=".6"/>
      <path d="M22 20v10" stroke="${H}" stroke-width="2.5" stroke-linecap="round"/>`,
  },
  "products/boots": {
    palette: "wood",
    title: "Boots",
    shape: ({ F, S, H }) => `
      <path d="M16 6h16v32l16 6a6 6 0 0 1 4 6v6H16z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M16 50h36M16 14h16" stroke="${S}" stroke-width="2" opacity=".7"/>
      <path d="M21 20v14" stroke="${H}" stroke-width="2.5" stroke-linecap="round"/>`,
  },
  "products/chest": {
    palette: "wood",
    title: "Treasure chest",
    shape: ({ F, S, H }) => `
      <path d="M8 28c0-10 6-16 14-16h20c8 0 14 6 14 16z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <rect x="8" y="28" width="48" height="26" rx="2" fill="${F}" stroke="${S}" stroke-width="2"/>
      <path d="M20 12v42M44 12v42" stroke="#fbbf24" stroke-width="4"/>
      <rect x="27" y="24" width="10" height="12" rx="2" fill="#fbbf24" stroke="${S}" stroke-width="2"/>
      <path d="M12 24c1-4 4-7 8-8" stroke="${H}" stroke-width="2.5" stroke-linecap="round" fill="none"/>`,
  },
  "products/scroll": {
    palette: "gold",
    title: "Scroll",
    shape: ({ F, S, H }) => `
      <rect x="14" y="12" width="36" height="40" fill="${F}" stroke="${S}" stroke-width="2"/>
      <rect x="10" y="6" width="44" height="8" rx="4" fill="#b45309" stroke="${S}" stroke-width="2"/>
      <rect x="10" y="50" width="44" height="8" rx="4" fill="#b45309" stroke="${S}" stroke-width="2"/>
      <path d="M20 22h24M20 29h24M20 36h16" stroke="${S}" stroke-width="2" stroke-linecap="round" opacity=".6"/>
      <path d="M18 18v28" stroke="${H}" stroke-width="2" opacity=".7"/>`,
  },
  "products/egg": {
    palette: "leaf",
    title: "Companion egg",
    shape: ({ F, S, H }) => `
      <path d="M32 6c12 0 20 18 20 30a20 20 0 0 1-40 0C12 24 20 6 32 6z" fill="${F}" stroke="${S}" stroke-width="2"/>
      <circle cx="25" cy="30" r="4" fill="${S}" opacity=".45"/><circle cx="39" cy="40" r="5" fill="${S}" opacity=".45"/><circle cx="30" cy="48" r="3" fill="${S}" opacity=".45"/>
      <path d="M20 28c1-8 5-15 10-18" stroke="${H}" stroke-width="2.5" stroke-linecap="round" fill="none"/>`,
  },
  "products/banner": {
    palette: "ember",
    title: "Banner",
    shape: ({ F, S, H }) => `
      <path d="M14 4v56" stroke="#a16207" stroke-width="4" stroke-linecap="round"/>
      <path d="M16 8h34v34l-17-8-17 8z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M33 14l2.6 5.4 5.9.8-4.3 4.1 1.1 5.9-5.3-2.9-5.3 2.9 1.1-5.9-4.3-4.1 5.9-.8z" fill="#fde047"/>
      <path d="M20 12v20" stroke="${H}" stroke-width="2" opacity=".7"/>`,
  },
  "products/key": {
    palette: "gold",
    title: "Key",
    shape: ({ F, S, H }) => `
      <circle cx="20" cy="22" r="12" fill="none" stroke="${S}" stroke-width="9"/>
      <circle cx="20" cy="22" r="12" fill="none" stroke="${F}" stroke-width="6"/>
      <path d="M29 31l23 23M44 46l6-6M50 52l5-5" stroke="${S}" stroke-width="7" stroke-linecap="round"/>
      <path d="M29 31l23 23M44 46l6-6M50 52l5-5" stroke="${F}" stroke-width="4" stroke-linecap="round"/>
      <path d="M13 18a8 8 0 0 1 5-5" stroke="${H}" stroke-width="2" stroke-linecap="round" fill="none"/>`,
  },
  "products/coins": {
    palette: "gold",
    title: "Coin bundle",
    shape: ({ F, S, H }) => `
      <ellipse cx="24" cy="48" rx="16" ry="6" fill="${F}" stroke="${S}" stroke-width="2"/>
      <ellipse cx="24" cy="41" rx="16" ry="6" fill="${F}" stroke="${S}" stroke-width="2"/>
      <ellipse cx="24" cy="34" rx="16" ry="6" fill="${F}" stroke="${S}" stroke-width="2"/>
      <circle cx="44" cy="26" r="14" fill="${F}" stroke="${S}" stroke-width="2"/>
      <circle cx="44" cy="26" r="9" fill="none" stroke="${S}" stroke-width="1.5" opacity=".6"/>
      <path d="M35 22a10 10 0 0 1 6-7" stroke="${H}" stroke-width="2.5" stroke-linecap="round" fill="none"/>`,
  },
  "products/gems": {
    palette: "violet",
    title: "Gem bundle",
    shape: ({ F, S, H }) => `
      <path d="M12 30h16l6 8-14 18L6 38z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M36 30h16l6 8-14 18-14-18z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M24 8h16l6 8-14 18-14-18z" fill="${F}" stroke="${S}" stroke-width="2" stroke-linejoin="round"/>
      <path d="M28 12l-3 4" stroke="${H}" stroke-width="2.5" stroke-linecap="round"/>`,
  },
  "products/membership": {
    palette: "sky",
    title: "Membership card",
    shape: ({ F, S, H }) => `
      <rect x="6" y="14" width="52" height="36" rx="5" fill="${F}" stroke="${S}" stroke-width="2"/>
      <rect x="6" y="21" width="52" height="6" fill="${S}" opacity=".5"/>
      <circle cx="20" cy="39" r="5" fill="#fde047" stroke="${S}" stroke-width="1.5"/>
      <path d="M30 36h20M30 42h14" stroke="${S}" stroke-width="2" stroke-linecap="round" opacity=".6"/>
      <path d="M11 18h18" stroke="${H}" stroke-width="2" stroke-linecap="round"/>`,
  },
};

/** One standalone SVG: ids need not be unique across files (each is its own document). */
export function drawImage(name: string): string {
  const entry = SHAPES[name];
  if (!entry) throw new Error(`no drawing for ${name}`);
  const p = PALETTES[entry.palette];
  const body = entry
    .shape({ F: "url(#fill)", S: p.edge, H: "#ffffff" })
    .trim()
    .split("\n")
    .map((line) => `    ${line.trim()}`)
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
  <title>${entry.title}</title>
  <defs>
    <radialGradient id="backdrop" cx="50%" cy="38%" r="75%">
      <stop offset="0" stop-color="${p.glow}"/>
      <stop offset="1" stop-color="${p.edge}"/>
    </radialGradient>
    <linearGradient id="fill" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.light}"/>
      <stop offset="1" stop-color="${p.dark}"/>
    </linearGradient>
  </defs>
  <rect width="256" height="256" rx="48" fill="url(#backdrop)"/>
  <ellipse cx="128" cy="214" rx="76" ry="14" fill="#000000" opacity=".25"/>
  <g transform="translate(32 28) scale(3)" stroke-linecap="round">
${body}
  </g>
</svg>
`;
}

export const DEMO_IMAGES = Object.keys(SHAPES);

/** Writes every drawing under `root` (public/demo by default). */
export function writeDemoImages(root = join(process.cwd(), "public", "demo")): string[] {
  return DEMO_IMAGES.map((name) => {
    const file = join(root, `${name}.svg`);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, drawImage(name));
    return file;
  });
}

if (process.argv[1]?.endsWith("demo-images.ts")) {
  const files = writeDemoImages();
  console.log(`Wrote ${files.length} demo images under public/demo/.`);
}

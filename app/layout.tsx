import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { THEME_SCRIPT } from "@/components/ui/theme";
import { NONCE_HEADER } from "@/lib/http/content-security-policy";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: "%s · Game Commerce Console", default: "Game Commerce Console" },
  description: "Catalogue, players and token awards for game studios",
  icons: { icon: "/favicon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The page's script nonce (proxy.ts): the theme script runs under the page's policy.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    // The inline script sets the `dark` class before React hydrates: the server cannot know the
    // browser's choice, so the attribute is allowed to differ (docs/console.md, "Theme").
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, no user input; it must run before the first paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">{children}</body>
    </html>
  );
}

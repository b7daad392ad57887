import type { Metadata } from "next";
import type { ReactNode } from "react";
import { THEME_SCRIPT } from "@/components/ui/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: "%s · Game Commerce Console", default: "Game Commerce Console" },
  description: "Catalogue, players and token awards for game studios",
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The inline script sets the `dark` class before React hydrates: the server cannot know the
    // browser's choice, so the attribute is allowed to differ (docs/console.md, "Theme").
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, no user input; it must run before the first paint */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">{children}</body>
    </html>
  );
}

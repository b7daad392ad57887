import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Age, TimeZoneProvider, type TimeZoneProviderProps, When } from "@/components/ui/when";

const ISO = "2026-11-25T21:08:03.000Z";

/** What the server sends for `element`, under a shell whose person chose `timeZone` (or not). */
const serverRender = (element: ReactElement, timeZone: string | null = null) =>
  // createElement passes `element` as children, as JSX does.
  renderToString(h(TimeZoneProvider, { timeZone } as TimeZoneProviderProps, element));

describe("<When>: a moment on the page", () => {
  it("on the server without a choice is in UTC (the browser's zone is not known there), exact UTC on hover", () => {
    const markup = serverRender(h(When, { iso: ISO }));
    expect(markup).toBe(
      `<time dateTime="${ISO}" title="2026-11-25 21:08:03 UTC">Nov 25, 2026, 21:08 UTC</time>`,
    );
  });

  it("is in the zone the person chose, on the server too (so the browser's render matches it)", () => {
    const markup = serverRender(h(When, { iso: ISO, seconds: true }), "Europe/Berlin");
    expect(markup).toContain(">Nov 25, 2026, 22:08:03 GMT+1</time>");
    expect(markup).toContain('title="2026-11-25 21:08:03 UTC"');
    expect(markup).toContain(`dateTime="${ISO}"`);
  });
});

describe("<Age>: how long ago", () => {
  it("on the server shows the moment itself (an age counted there would be stale), both times on hover", () => {
    const markup = serverRender(h(Age, { iso: ISO }), "America/New_York");
    expect(markup).toBe(
      `<time dateTime="${ISO}" title="Nov 25, 2026, 16:08 EST (2026-11-25 21:08:03 UTC)">Nov 25, 2026, 16:08 EST</time>`,
    );
  });
});

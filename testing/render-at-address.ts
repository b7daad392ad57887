import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import {
  PathnameContext,
  SearchParamsContext,
} from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";

/**
 * A client component's server render at `pathname?query`: what `usePathname` and
 * `useSearchParams` read there, as Next's router provides them (a router that is never used).
 */
export function renderAtAddress(pathname: string, query: string, element: ReactElement): string {
  return renderToString(
    createElement(
      AppRouterContext.Provider,
      { value: {} as never },
      createElement(
        PathnameContext.Provider,
        { value: pathname },
        createElement(SearchParamsContext.Provider, { value: new URLSearchParams(query) as never }, element),
      ),
    ),
  );
}

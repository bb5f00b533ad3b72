import type { QueryClient } from '@tanstack/react-query';
import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandComponent } from '../lib/island';
import { createQueryClient } from '../lib/query-client';
import { hydrateState } from '../lib/ssr-state';
import { IslandRoot } from './island-root';
import { handOverTypedValues } from './typed-values';

/**
 * React in the browser for the page's islands (loaded by site-boot.ts with the first island due):
 * each island is a root of its own, hydrated from the HTML and props the server rendered it with,
 * all reading one query cache, the page's (the server's data, so nothing is fetched again).
 */
let queryClient: QueryClient | undefined;

function pageQueryClient(): QueryClient {
  if (!queryClient) {
    queryClient = createQueryClient();
    hydrateState(queryClient, document);
  }
  return queryClient;
}

/**
 * Hydrates `element` (a [data-island] the server rendered) with `Component`; resolves once React has committed it
 * and has what was typed into its fields before (typed-values.ts).
 */
export function hydrateIsland(element: HTMLElement, Component: IslandComponent): Promise<void> {
  const props: unknown = JSON.parse(element.dataset.props ?? '{}');
  return new Promise((resolve) => {
    const hydrated = () => {
      handOverTypedValues(element);
      resolve();
    };
    // As a transition, hydration yields to the browser every few milliseconds (no long task, no blocked input) instead of running to its end at once.
    startTransition(() => {
      hydrateRoot(
      element,
      <IslandRoot queryClient={pageQueryClient()} url={window.location.href} onHydrated={hydrated}>
        {/* Props are JSON the server rendered the island from: the component's own, by the registry's name. */}
        {createElement(Component as ComponentType<object>, props as object)}
      </IslandRoot>,
      // The ids the server gave it (useId: labels, aria-describedby), apart from the other islands'.
      { identifierPrefix: element.dataset.ids },
      );
    });
  });
}

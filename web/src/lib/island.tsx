import { createContext, useContext, type ReactNode } from 'react';
import { ISLAND_ATTRIBUTE } from './island-attributes';

/**
 * Islands (partial hydration): the website's pages are server-rendered HTML, and only the parts
 * a visitor interacts with get React in the browser. A component wrapped with `island()` is
 * rendered on the server in a root of its own (entry-server.tsx, with the same providers the
 * browser uses: web/src/islands/island-root.tsx), inside an element that carries its name, its
 * props as JSON and when to hydrate it; site-boot.ts hydrates it from there
 * (web/src/islands/registry.ts names the code). Everything else stays static HTML with its
 * server-rendered CSS, and its links load pages from the server.
 */

/**
 * When an island gets its code: 'load' once the page has loaded and painted; 'visible' once it
 * nears the viewport; 'interaction' on the first pointer, focus or key on it (a click that came
 * first is replayed once it has hydrated).
 */
export type HydrateOn = 'load' | 'visible' | 'interaction';


/** What the server's page render collects: each island met, to render on its own after the page. */
export interface IslandCollector {
  /** Answers the island's index in the page. */
  add(name: string, props: object, Component: IslandComponent): number;
}

/** An island's component: a function of its props (JSON). */
export type IslandComponent = (props: never) => ReactNode;

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** The marker the page render leaves where island `index`'s own render goes (entry-server.tsx). */
export const islandSlot = (index: number) => `<!--island-${index}-->`;

/** The useId prefix of island `index`: its ids, the same on both sides, never another island's. */
export const islandIdPrefix = (index: number) => `i${index}-`;

/** Props as they reach the browser: what JSON keeps (so the server renders the island from the same values). */
export function serializeProps(props: object): string {
  return JSON.stringify(props);
}

/** `Component` as an island named `name` (a key of web/src/islands/registry.ts): its props must be JSON. */
export function island<P extends object>(name: string, Component: (props: P) => ReactNode, hydrate: HydrateOn = 'load') {
  function Island(props: P): ReactNode {
    const collector = useContext(IslandCollectorContext);
    const attributes = { [ISLAND_ATTRIBUTE]: name, 'data-hydrate': hydrate, 'data-props': serializeProps(props), style: { display: 'contents' } };
    // The server's page render: a slot its own render fills. In a page rendered whole in the browser (the dev server), the component itself.
    if (collector) {
      const index = collector.add(name, props, Component);
      return <div {...attributes} data-ids={islandIdPrefix(index)} dangerouslySetInnerHTML={{ __html: islandSlot(index) }} />;
    }
    return (
      <div {...attributes}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

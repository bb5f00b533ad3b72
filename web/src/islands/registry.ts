import type { IslandComponent } from '../lib/island';

/**
 * The code of each island (web/src/lib/island.tsx) by name, loaded only on a page that has the
 * island, when it is due: a component hydrated in place with its props, or a script run on its
 * element (a behaviour with nothing to render, so no React).
 */
export type IslandCode =
  | { kind: 'component'; load: () => Promise<IslandComponent> }
  | { kind: 'script'; load: () => Promise<(element: HTMLElement, props: unknown) => void> };

const component = (load: () => Promise<IslandComponent>): IslandCode => ({ kind: 'component', load });

export const ISLANDS: Record<string, IslandCode> = {
  'site-menu': component(async () => (await import('../components/layouts/site-menu')).SiteMenu),
  'projects-browser': component(async () => (await import('../features/projects/components/projects-browser')).ProjectsBrowser),
  'project-gallery': component(async () => (await import('../features/projects/components/project-gallery')).ProjectGallery),
  calculator: component(async () => (await import('../features/calculator/components/calculator-section')).CalculatorSection),
  'contact-form': component(async () => (await import('../features/contact/components/contact-form')).ContactForm),
  'office-map': component(async () => (await import('../features/contact/components/office-map')).OfficeMap),
  'reel-gallery': component(async () => (await import('../features/reels/components/reel-gallery')).ReelGallery),
  'blog-view': {
    kind: 'script',
    load: async () => {
      const { recordBlogView } = await import('../features/blog/api/record-view');
      return (_element, props) => recordBlogView(String((props as { slug?: unknown }).slug ?? ''));
    },
  },
};

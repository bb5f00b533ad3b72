import type { ComponentType } from 'react';

/**
 * The code of each island (web/src/lib/island.tsx) by name, loaded only on a page that has the
 * island, when it is due: a component hydrated in place with its props, or a script run on its
 * element (a behaviour with nothing to render, so no React).
 */
export type IslandCode = { Component: ComponentType<never> } | { run(element: HTMLElement, props: unknown): void };

export const ISLANDS: Record<string, () => Promise<IslandCode>> = {
  'site-menu': async () => ({ Component: (await import('../components/layouts/site-menu')).SiteMenu }),
  'projects-browser': async () => ({ Component: (await import('../features/projects/components/projects-browser')).ProjectsBrowser }),
  'project-gallery': async () => ({ Component: (await import('../features/projects/components/project-gallery')).ProjectGallery }),
  calculator: async () => ({ Component: (await import('../features/calculator/components/calculator-section')).CalculatorSection }),
  'contact-form': async () => ({ Component: (await import('../features/contact/components/contact-form')).ContactForm }),
  'office-map': async () => ({ Component: (await import('../features/contact/components/office-map')).OfficeMap }),
  'reel-gallery': async () => ({ Component: (await import('../features/reels/components/reel-gallery')).ReelGallery }),
  'blog-view': async () => {
    const { recordBlogView } = await import('../features/blog/api/record-view');
    return { run: (_element, props) => recordBlogView(String((props as { slug?: unknown }).slug ?? '')) };
  },
};

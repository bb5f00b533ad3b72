import type { EmotionCache } from '@emotion/cache';

/**
 * The <style> tags of a server render (entry-server.tsx): every rule Emotion
 * inserted into `cache` while rendering `html`, tagged the way Emotion's
 * browser cache (the same key) adopts them on start, so nothing is inserted twice
 * and nothing flashes unstyled. Global styles (CssBaseline, keyframes) get a tag
 * each; the class rules the markup uses share one.
 */
export function criticalStyleTags(cache: EmotionCache, html: string): string {
  const { key, inserted, registered } = cache;
  const used = new Set<string>();
  for (const match of html.matchAll(new RegExp(`${key}-([a-zA-Z0-9_-]+)`, 'g'))) used.add(match[1]!);
  const classIds: string[] = [];
  let classCss = '';
  let tags = '';
  for (const [id, css] of Object.entries(inserted)) {
    if (typeof css !== 'string') continue;
    const isClass = registered[`${key}-${id}`] !== undefined;
    if (!isClass) {
      tags += `<style data-emotion="${key}-global ${id}">${css}</style>`;
    } else if (used.has(id)) {
      classIds.push(id);
      classCss += css;
    }
  }
  return `${tags}<style data-emotion="${key} ${classIds.join(' ')}">${classCss}</style>`;
}

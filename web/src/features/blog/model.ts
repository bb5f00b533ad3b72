import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * A post's Markdown as safe HTML. Posts come from staff through the CMS, but
 * the HTML is sanitised anyway so a compromised account cannot inject script.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** A description for search engines: the first sentence-ish 160 characters. */
export function truncate(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

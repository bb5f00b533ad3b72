import MarkdownIt from 'markdown-it';

/**
 * The one Markdown renderer of blog posts, the same on the server and in the
 * browser (no DOM needed). Safe by construction rather than by cleaning up
 * afterwards: raw HTML is not HTML (html: false escapes it, so no script and
 * no event handler attributes can appear), and a link or image address must
 * be http(s), mailto, tel or a path on this site; anything else
 * (javascript:, data:, vbscript:...) is dropped. Every link gets
 * rel="noopener"; a link to another site opens in a new tab with
 * rel="noopener noreferrer".
 */

/** Schemes a link may use; an address without a scheme is a path on this site. */
const ALLOWED_SCHEME = /^(https?|mailto|tel):/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const EXTERNAL = /^https?:\/\//i;

/** Whether a (normalised) address may be a link or an image source. */
export function isSafeUrl(url: string): boolean {
  const trimmed = url.trim();
  // '//host/path' is another site without a scheme: allowed only written out as https.
  if (trimmed.startsWith('//')) return false;
  return !ANY_SCHEME.test(trimmed) || ALLOWED_SCHEME.test(trimmed);
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
md.validateLink = isSafeUrl;

const defaultLinkOpen: NonNullable<typeof md.renderer.rules.link_open> =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  if (EXTERNAL.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  } else {
    token.attrSet('rel', 'noopener');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** A post's Markdown as HTML that is safe to put in the page as it is. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}

/** A post's Markdown as plain text (feeds, descriptions): the rendered text without tags. */
export function markdownText(markdown: string): string {
  return md
    .render(markdown)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

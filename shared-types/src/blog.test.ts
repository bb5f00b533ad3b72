import { describe, expect, it } from 'vitest';
import { BLOG_SLUG_MAX, BLOG_SLUG_PATTERN, blogPostCreateSchema, parseTags, slugify } from './blog';
import { markdownText, renderMarkdown } from './markdown';

describe('slugify (SPEC.md 5: lowercase, non-alphanumerics to hyphens, trimmed)', () => {
  it.each([
    ['A Modern 3BHK Makeover in Gachibowli', 'a-modern-3bhk-makeover-in-gachibowli'],
    ['  --Tiles & Grout: 5 tips!!  ', 'tiles-grout-5-tips'],
    ['Café Crème à la Maison', 'cafe-creme-a-la-maison'],
    ['ఇంటి అలంకరణ', ''],
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('cuts a long title at a hyphen, within the limit, into a valid slug', () => {
    const slug = slugify('word '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(BLOG_SLUG_MAX);
    expect(slug).toMatch(BLOG_SLUG_PATTERN);
  });
});

describe('tags', () => {
  it('reads comma-separated text or a list: trimmed, blanks and repeats (any case) dropped', () => {
    expect(parseTags(' kitchen, Storage ,kitchen,, storage , teak ')).toEqual(['kitchen', 'Storage', 'teak']);
    expect(parseTags(['a', ' a ', 'B'])).toEqual(['a', 'B']);
    expect(blogPostCreateSchema.validateSync({ title: 'T', content: 'C', tags: 'x, y' }).tags).toEqual(['x', 'y']);
  });
});

describe('renderMarkdown', () => {
  it('escapes raw HTML: no element, attribute or handler of it survives', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<a href="javascript:alert(1)">x</a>');
    expect(html).not.toMatch(/<(script|img|a)\b/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops unsafe link and image addresses, keeps safe ones with rel="noopener"', () => {
    const html = renderMarkdown(
      '[a](javascript:alert(1)) [b](vbscript:x) [c](data:text/html,x) [d](//evil.example) ![e](data:image/png;base64,AA) ' +
        '[f](/calculator) [g](#top) [h](mailto:hi@example.com) [i](https://example.com) ![j](/uploads/blog/x.jpg)',
    );
    expect(html).not.toMatch(/(href|src)="(javascript|vbscript|data):/i);
    expect(html).not.toContain('//evil.example"');
    expect(html).toContain('<a href="/calculator" rel="noopener">f</a>');
    expect(html).toContain('<a href="#top" rel="noopener">g</a>');
    expect(html).toContain('<a href="mailto:hi@example.com" rel="noopener">h</a>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">i</a>');
    expect(html).toContain('<img src="/uploads/blog/x.jpg" alt="j">');
  });

  it('gives plain text for feeds', () => {
    expect(markdownText('## Title\n\nSome **bold** & <b>text</b>')).toBe('Title Some bold & <b>text</b>');
  });
});

import type { BlogPostDetail } from '@app/shared-types/api';
import { describe, expect, it } from 'vitest';
import { projectFixtures, siteFixture } from '../../test/fixtures';
import {
  truncate,
  absoluteUrl,
  blogPostSeo,
  breadcrumbJsonLd,
  buildHead,
  homeSeo,
  NAMED_SHARE_CARD,
  PLAIN_SHARE_CARD,
  projectSeo,
  serializeJsonLd,
  serviceSeo,
  STATIC_PAGE_SEO,
} from './model';

const ORIGIN = 'https://www.example.in';
const CARD = 'https://www.example.in/images/share-card.png';
const CARD_ALT = 'Kaveri Design Studio: interior design & architecture, Hyderabad';
const site = { ...siteFixture, companyName: 'Kaveri Design Studio', companyLogo: '/images/logo.svg' };

const post: BlogPostDetail = {
  id: 'p1',
  slug: 'modern-3bhk-makeover',
  title: 'A Modern 3BHK Makeover in Gachibowli',
  excerpt: 'How we turned a builder-finish 3BHK into a warm home.',
  featuredImage: '/uploads/blog/p1/cover-1600.jpg',
  publishedAt: '2026-11-01T10:00:00.000Z',
  tags: ['3BHK'],
  author: 'Asha Rao',
  content: '## Start with storage',
  seoTitle: '',
  seoDescription: '',
};

describe('absoluteUrl', () => {
  it('puts a path on the origin and leaves an address as it is', () => {
    expect(absoluteUrl('https://www.example.in/', '/projects')).toBe('https://www.example.in/projects');
    expect(absoluteUrl(ORIGIN, 'images/a.svg')).toBe('https://www.example.in/images/a.svg');
    expect(absoluteUrl(ORIGIN, 'https://cdn.example.net/a.jpg')).toBe('https://cdn.example.net/a.jpg');
  });
});

describe('home', () => {
  it('is a LocalBusiness (HomeAndConstructionBusiness) from Settings, with absolute addresses', () => {
    const head = buildHead(homeSeo(), site, ORIGIN);
    expect(head.title).toBe('Interior Designers in Hyderabad | Kaveri Design Studio');
    expect(head.canonical).toBe('https://www.example.in/');
    expect(head.og).toEqual({
      type: 'website',
      title: head.title,
      description: head.description,
      url: 'https://www.example.in/',
      image: CARD,
      site_name: 'Kaveri Design Studio',
      imageDetails: { width: 1200, height: 630, alt: CARD_ALT },
    });
    expect(head.twitter).toEqual({ card: 'summary_large_image', title: head.title, description: head.description, image: CARD, imageAlt: CARD_ALT });
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'HomeAndConstructionBusiness',
      name: 'Kaveri Design Studio',
      telephone: site.companyPhone,
      email: site.companyEmail,
      url: 'https://www.example.in/',
      logo: 'https://www.example.in/images/logo.svg',
      image: 'https://www.example.in/images/logo.svg',
      areaServed: { '@type': 'City', name: 'Hyderabad' },
      address: { '@type': 'PostalAddress', streetAddress: site.companyAddress, addressLocality: 'Hyderabad', postalCode: '500033', addressCountry: 'IN' },
      sameAs: Object.values(site.social),
    });
  });

  it('uses the hero drawing as the logo when the firm has none, and leaves out social links that are blank', () => {
    const bare = { ...site, companyLogo: '', social: { instagram: 'https://instagram.com/k', facebook: '', youtube: '', linkedin: '' } };
    const head = buildHead(homeSeo(), bare, ORIGIN);
    expect(head.og.image).toBe(CARD);
    expect(head.jsonLd[0]).toMatchObject({ logo: 'https://www.example.in/images/hero.svg', sameAs: ['https://instagram.com/k'] });
  });

  it("shares the plain card, without the first-start firm's name, once the firm is renamed in Settings", () => {
    const renamed = { ...site, companyName: 'Godavari Interiors' };
    const head = buildHead(homeSeo(), renamed, ORIGIN);
    expect(head.og.image).toBe('https://www.example.in/images/share-card-plain.png');
    expect(head.og.imageDetails).toEqual({ width: 1200, height: 630, alt: PLAIN_SHARE_CARD.alt });
    expect(head.og.imageDetails!.alt).not.toContain('Kaveri');
    expect(head.twitter.imageAlt).toBe(PLAIN_SHARE_CARD.alt);
    expect(buildHead(homeSeo(), undefined, ORIGIN).og.image).toBe('https://www.example.in/images/share-card-plain.png');
  });

  it('shares raster cards of 1200x630 (link previews show no SVG)', () => {
    for (const card of [NAMED_SHARE_CARD, PLAIN_SHARE_CARD]) {
      expect(card.path).toMatch(/^\/images\/[\w-]+\.png$/);
      expect([card.width, card.height]).toEqual([1200, 630]);
    }
  });

  it('has no LocalBusiness before the site is known (nothing to say it with)', () => {
    expect(buildHead(homeSeo(), undefined, ORIGIN).jsonLd).toEqual([]);
  });
});

describe('list pages', () => {
  it.each(Object.entries(STATIC_PAGE_SEO))('%s has its own title, description and canonical address, and no JSON-LD', (key, page) => {
    const head = buildHead(page, site, ORIGIN);
    expect(head.title).toBe(`${page.title} | Kaveri Design Studio`);
    expect(head.description.length).toBeGreaterThan(50);
    expect(head.canonical).toBe(`https://www.example.in/${key}`);
    expect(head.og.url).toBe(head.canonical);
    expect(head.og.image).toBe(CARD);
    expect(head.og.imageDetails).toEqual({ width: 1200, height: 630, alt: CARD_ALT });
    expect(head.jsonLd).toEqual([]);
  });

  it('gives every page a different title', () => {
    const titles = [homeSeo(), ...Object.values(STATIC_PAGE_SEO)].map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('takes the current path when a page names none', () => {
    expect(buildHead({ title: 'Page not found', description: 'Page not found.' }, site, ORIGIN, '/nowhere').canonical).toBe('https://www.example.in/nowhere');
  });
});

describe('project detail', () => {
  it("is at /projects/<slug> with the project's cover as its image and Home > Projects > project", () => {
    const project = { ...projectFixtures[0]!, imageUrl: '/uploads/projects/villa-one/p1-1600.jpg' };
    const head = buildHead(projectSeo(project), site, ORIGIN);
    expect(head.title).toBe('Jubilee Hills Villa | Kaveri Design Studio');
    expect(head.description).toBe('Villa interior project in Jubilee Hills, Hyderabad: A family villa in walnut and brass.');
    expect(head.canonical).toBe('https://www.example.in/projects/jubilee-hills-villa');
    expect(head.og.image).toBe('https://www.example.in/uploads/projects/villa-one/p1-1600.jpg');
    expect(head.twitter.image).toBe(head.og.image);
    // Its size and alt text are not known here: none are claimed.
    expect(head.og.imageDetails).toBeUndefined();
    expect(head.twitter.imageAlt).toBeUndefined();
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.in/' },
          { '@type': 'ListItem', position: 2, name: 'Projects', item: 'https://www.example.in/projects' },
          { '@type': 'ListItem', position: 3, name: 'Jubilee Hills Villa', item: 'https://www.example.in/projects/jubilee-hills-villa' },
        ],
      },
    ]);
  });

  it("falls back to the firm's share card for a project without photos", () => {
    const head = buildHead(projectSeo({ ...projectFixtures[1]!, imageUrl: '' }), site, ORIGIN);
    expect(head.og.image).toBe(CARD);
    expect(head.og.imageDetails).toEqual({ width: 1200, height: 630, alt: CARD_ALT });
  });
});

describe('service detail', () => {
  it('has its meta description and Home > Services > service', () => {
    const service = {
      slug: 'residential-design',
      title: 'Residential Design',
      metaDescription: 'Residential interior design in Hyderabad.',
      image: '/images/services/residential-design.svg',
    };
    const head = buildHead(serviceSeo(service), site, ORIGIN);
    expect(head.title).toBe('Residential Design | Kaveri Design Studio');
    expect(head.description).toBe(service.metaDescription);
    expect(head.canonical).toBe('https://www.example.in/services/residential-design');
    expect(head.og.image).toBe(absoluteUrl(ORIGIN, service.image));
    expect(head.jsonLd).toEqual([
      breadcrumbJsonLd(ORIGIN, [
        { name: 'Services', path: '/services' },
        { name: 'Residential Design', path: '/services/residential-design' },
      ]),
    ]);
  });
});

describe('blog post', () => {
  it('is an article with its featured image, Article JSON-LD and Home > Blog > post', () => {
    const head = buildHead(blogPostSeo({ ...post, updatedAt: '2026-11-05T08:00:00.000Z' }), site, ORIGIN);
    expect(head.title).toBe('A Modern 3BHK Makeover in Gachibowli | Kaveri Design Studio');
    expect(head.description).toBe(post.excerpt);
    expect(head.canonical).toBe('https://www.example.in/blog/modern-3bhk-makeover');
    expect(head.og.type).toBe('article');
    expect(head.og.image).toBe('https://www.example.in/uploads/blog/p1/cover-1600.jpg');
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'A Modern 3BHK Makeover in Gachibowli',
      description: post.excerpt,
      datePublished: '2026-11-01T10:00:00.000Z',
      dateModified: '2026-11-05T08:00:00.000Z',
      author: { '@type': 'Person', name: 'Asha Rao' },
      image: ['https://www.example.in/uploads/blog/p1/cover-1600.jpg'],
      publisher: { '@type': 'Organization', name: 'Kaveri Design Studio', logo: { '@type': 'ImageObject', url: 'https://www.example.in/images/logo.svg' } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://www.example.in/blog/modern-3bhk-makeover' },
    });
    expect(head.jsonLd[1]).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home' }, { name: 'Blog' }, { name: post.title }] });
  });

  it('prefers the SEO title and description, dates a never-edited post by its publication, and keeps an https image', () => {
    const page = blogPostSeo({ ...post, seoTitle: 'Gachibowli 3BHK', seoDescription: 'Ten weeks, one family.', featuredImage: 'https://images.example.net/a.jpg' });
    const head = buildHead(page, site, ORIGIN);
    expect(head.title).toBe('Gachibowli 3BHK | Kaveri Design Studio');
    expect(head.description).toBe('Ten weeks, one family.');
    expect(head.og.image).toBe('https://images.example.net/a.jpg');
    expect(head.jsonLd[0]).toMatchObject({ headline: post.title, dateModified: post.publishedAt });
  });

  it("shows the firm's share card for a post without a featured image, in its tags and its Article data", () => {
    const head = buildHead(blogPostSeo({ ...post, featuredImage: '' }), site, ORIGIN);
    expect(head.og.image).toBe(CARD);
    expect(head.og.imageDetails).toEqual({ width: 1200, height: 630, alt: CARD_ALT });
    expect(head.twitter).toMatchObject({ image: CARD, imageAlt: CARD_ALT });
    expect(head.jsonLd[0]).toMatchObject({ image: [CARD] });
  });
});

describe('truncate', () => {
  it('keeps a short text, flattens white space, and cuts a long one at a word with an ellipsis', () => {
    expect(truncate('  Two\n lines ')).toBe('Two lines');
    const cut = truncate('word '.repeat(60));
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
  });
});

describe('serializeJsonLd', () => {
  it('escapes < so a value cannot close the script element', () => {
    const head = buildHead(blogPostSeo({ ...post, title: 'Tips </script><script>alert(1)</script>' }), site, ORIGIN);
    const text = serializeJsonLd(head.jsonLd[0]);
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    expect((JSON.parse(text) as { headline: string }).headline).toBe('Tips </script><script>alert(1)</script>');
  });
});

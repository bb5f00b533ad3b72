import { publicProjectPath, type BlogPostDetail, type PublicProject } from '@app/shared-types/api';
import { FIRST_START_COMPANY, type SiteInfo } from '@app/shared-types/site';

/**
 * Per-page head data (issue 16): what a page tells search engines and link
 * previews. Pure: a page's description (PageSeo, from its route data) plus the
 * site (GET /api/site) and the site's public address give every tag
 * (buildHead). PageMeta renders them, in the browser and in the server render.
 */

/** A breadcrumb: its name and its path on the site. */
export interface Crumb {
  name: string;
  path: string;
}

/** What a page says about itself; buildHead adds the site's part. */
export interface PageSeo {
  /** The page's own name; the firm's name is appended ('<title> | <companyName>'). */
  title: string;
  description: string;
  /** The page's path ('/projects/villa'): canonical and og:url. PageMeta uses the current path when unset. */
  path?: string;
  /** og:type: 'article' for a blog post, else 'website'. */
  type?: 'website' | 'article';
  /** og:image and twitter:image (a path on the site or an address); unset: the firm's share card (defaultShareImage). */
  image?: string;
  /** A BreadcrumbList from Home (detail pages): the crumbs after Home, the last one this page. */
  breadcrumbs?: Crumb[];
  /** Article structured data (blog posts). */
  article?: { headline: string; datePublished: string; dateModified: string; author: string };
  /** The firm as a LocalBusiness (HomeAndConstructionBusiness): the home page. */
  localBusiness?: boolean;
}

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  og: {
    type: 'website' | 'article';
    title: string;
    description: string;
    url: string;
    image: string;
    site_name: string;
    /** og:image:width, og:image:height and og:image:alt: given for the firm's share card, whose size is known. */
    imageDetails?: { width: number; height: number; alt: string };
  };
  twitter: { card: 'summary_large_image'; title: string; description: string; image: string; imageAlt?: string };
  jsonLd: Record<string, unknown>[];
}

/** The bundled hero drawing: the firm's logo in structured data when it has none of its own. */
export const DEFAULT_LOGO_IMAGE = '/images/hero.svg';

/** An image the site ships, with what a link preview is told about it. */
export interface ShareImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The firm's share cards (web/public/images): 1200x630 PNGs on the brand colour, the size
 * link previews show large. Raster, since social networks do not show an SVG og:image. The
 * named one carries the first-start firm's name and monogram; the plain one neither.
 */
export const NAMED_SHARE_CARD: ShareImage = {
  path: '/images/share-card.png',
  width: 1200,
  height: 630,
  alt: `${FIRST_START_COMPANY.companyName}: interior design & architecture, Hyderabad`,
};
export const PLAIN_SHARE_CARD: ShareImage = {
  path: '/images/share-card-plain.png',
  width: 1200,
  height: 630,
  alt: 'Interior design & architecture: homes, offices and consultations, Hyderabad',
};

/**
 * The image of a page that has none of its own (no project cover, no post image): the named
 * card while the firm is the one it names, else the plain card (a picture cannot follow a
 * name changed in Settings).
 */
export const defaultShareImage = (site: SiteInfo | undefined): ShareImage =>
  site?.companyName === FIRST_START_COMPANY.companyName ? NAMED_SHARE_CARD : PLAIN_SHARE_CARD;

/** An origin without its trailing slash ('https://example.in'). */
export const trimOrigin = (origin: string) => origin.replace(/\/+$/, '');

/** `pathOrUrl` as an absolute address on `origin` (an address with a scheme stays as it is). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${trimOrigin(origin)}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The firm's logo for structured data: Settings > Company's, else the hero drawing. */
export const logoImage = (site: SiteInfo | undefined) => site?.companyLogo || DEFAULT_LOGO_IMAGE;

/** schema.org BreadcrumbList: Home, then `crumbs`, each with its absolute address. */
export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...crumbs].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/** schema.org HomeAndConstructionBusiness for the firm (Settings > Company), so search engines can show it as a local business. */
export function localBusinessJsonLd(site: SiteInfo, origin: string): Record<string, unknown> {
  const postalCode = /\b\d{6}\b/.exec(site.companyAddress)?.[0];
  const sameAs = Object.values(site.social).filter((url) => url !== '');
  const image = absoluteUrl(origin, logoImage(site));
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    additionalType: 'https://en.wikipedia.org/wiki/Interior_design',
    name: site.companyName,
    description: 'Interior design and architecture studio in Hyderabad: residential, commercial and consultation services.',
    url: `${trimOrigin(origin)}/`,
    logo: image,
    image,
    telephone: site.companyPhone,
    email: site.companyEmail,
    vatID: site.gstNumber || undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.companyAddress,
      addressLocality: 'Hyderabad',
      addressRegion: 'Telangana',
      postalCode,
      addressCountry: 'IN',
    },
    areaServed: { '@type': 'City', name: 'Hyderabad' },
    priceRange: '₹₹',
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '09:00',
        closes: '19:00',
      },
    ],
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
}

/** Every head tag's value for a page. */
export function buildHead(page: PageSeo, site: SiteInfo | undefined, origin: string, currentPath = '/'): HeadData {
  const siteName = site?.companyName ?? '';
  const title = siteName ? `${page.title} | ${siteName}` : page.title;
  const canonical = absoluteUrl(origin, page.path ?? currentPath);
  const card = page.image ? undefined : defaultShareImage(site);
  const image = absoluteUrl(origin, card?.path ?? page.image ?? '');
  const type = page.type ?? 'website';
  const jsonLd: Record<string, unknown>[] = [];
  if (page.localBusiness && site) jsonLd.push(localBusinessJsonLd(site, origin));
  if (page.article) {
    const logo = absoluteUrl(origin, logoImage(site));
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: page.article.headline.slice(0, 110),
      description: page.description,
      datePublished: page.article.datePublished,
      dateModified: page.article.dateModified,
      author: { '@type': 'Person', name: page.article.author || siteName },
      image: [image],
      publisher: { '@type': 'Organization', name: siteName, logo: { '@type': 'ImageObject', url: logo } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    });
  }
  if (page.breadcrumbs) jsonLd.push(breadcrumbJsonLd(origin, page.breadcrumbs));
  return {
    title,
    description: page.description,
    canonical,
    og: {
      type,
      title,
      description: page.description,
      url: canonical,
      image,
      site_name: siteName,
      ...(card && { imageDetails: { width: card.width, height: card.height, alt: card.alt } }),
    },
    twitter: { card: 'summary_large_image', title, description: page.description, image, ...(card && { imageAlt: card.alt }) },
    jsonLd,
  };
}

/** JSON for an inline <script>: '<' escaped, so no value can close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** A description for search engines: the first sentence-ish 160 characters, cut at a word. */
export function truncate(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The home page: the firm as a LocalBusiness from Settings. */
export const homeSeo = (): PageSeo => ({
  title: 'Interior Designers in Hyderabad',
  description:
    'Premium residential and commercial interior design in Hyderabad. Browse our projects, get a free cost estimate in a minute, or chat with our designers on WhatsApp.',
  path: '/',
  localBusiness: true,
});

/** The list pages: their own titles and descriptions. */
export const STATIC_PAGE_SEO = {
  projects: {
    title: 'Our Projects',
    description:
      'Homes, villas, offices and cafes we have designed and built across Hyderabad: finished, ongoing and upcoming interior projects.',
    path: '/projects',
  },
  services: {
    title: 'Our Services',
    description: 'Residential design, commercial spaces, design consultation and project management by an interior design studio in Hyderabad.',
    path: '/services',
  },
  blog: {
    title: 'Blog',
    description: 'Ideas, makeovers and practical tips on home and workplace interiors from our Hyderabad design studio.',
    path: '/blog',
  },
  calculator: {
    title: 'Free Interior Cost Estimate',
    description:
      'Get a free indicative interior design cost estimate for your home or office in Hyderabad, and a call from our designers within 24 hours.',
    path: '/calculator',
  },
  contact: {
    title: 'Contact Us',
    description:
      'Visit, call or message our interior design studio in Hyderabad. Open Monday to Saturday, 9 AM to 7 PM; Sundays by appointment.',
    path: '/contact',
  },
} satisfies Record<string, PageSeo>;

/** A project's page: its cover as the image, Home > Projects > the project. */
export function projectSeo(project: PublicProject): PageSeo {
  const path = publicProjectPath(project);
  return {
    title: project.title,
    description: `${project.category} interior project in ${project.location || 'Hyderabad'}: ${project.description}`.slice(0, 300),
    path,
    image: project.imageUrl || undefined,
    breadcrumbs: [
      { name: 'Projects', path: '/projects' },
      { name: project.title, path },
    ],
  };
}

/** A service's page: Home > Services > the service. */
export function serviceSeo(service: { slug: string; title: string; metaDescription: string; image?: string }): PageSeo {
  const path = `/services/${service.slug}`;
  return {
    title: service.title,
    description: service.metaDescription,
    path,
    image: service.image || undefined,
    breadcrumbs: [
      { name: 'Services', path: '/services' },
      { name: service.title, path },
    ],
  };
}

/** A blog post: an article with its featured image, Article data, Home > Blog > the post. */
export function blogPostSeo(post: BlogPostDetail): PageSeo {
  const path = `/blog/${post.slug}`;
  return {
    title: post.seoTitle || post.title,
    description: post.seoDescription || truncate(post.excerpt),
    path,
    type: 'article',
    image: post.featuredImage || undefined,
    article: { headline: post.title, datePublished: post.publishedAt, dateModified: post.updatedAt || post.publishedAt, author: post.author },
    breadcrumbs: [
      { name: 'Blog', path: '/blog' },
      { name: post.title, path },
    ],
  };
}

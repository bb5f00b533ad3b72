import type { SiteInfo } from '@app/shared-types/site';

/** schema.org structured data for the firm, so search engines can show it as a local business. */
export function localBusinessJsonLd(site: SiteInfo) {
  const origin = site.companyWebsite.replace(/\/$/, '');
  const postalCode = /\b\d{6}\b/.exec(site.companyAddress)?.[0];
  const sameAs = Object.values(site.social).filter((url) => url !== '');
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    additionalType: 'https://en.wikipedia.org/wiki/Interior_design',
    name: site.companyName,
    description: `Interior design and architecture studio in Hyderabad: residential, commercial and consultation services.`,
    url: origin || undefined,
    logo: site.companyLogo ? absoluteUrl(origin, site.companyLogo) : undefined,
    image: site.companyLogo ? absoluteUrl(origin, site.companyLogo) : undefined,
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
    areaServed: 'Hyderabad',
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

function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** JSON for an inline <script>: '<' escaped so no value can close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

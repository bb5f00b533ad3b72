/**
 * What the home page's 'Our Expertise' cards say about a service: one line
 * each. Apart from the service pages' full content (model.ts), which the home
 * page's script does not carry.
 */
export const SERVICE_SUMMARIES: Readonly<Record<string, string>> = {
  'residential-design': 'Apartments, villas and independent homes designed around how your family actually lives.',
  'commercial-spaces': 'Offices, retail and hospitality interiors that support your team and your brand.',
  'design-consultation': 'Expert advice on layouts, styles and materials before you spend on execution.',
  'project-management': 'End-to-end execution with one team accountable for time, quality and budget.',
};

/** A service's drawing. */
export function serviceImage(slug: string): string {
  return `/images/services/${slug}.svg`;
}

/** The three expertise areas the home page shows (SPEC.md section 1). */
export const EXPERTISE_SLUGS = ['residential-design', 'commercial-spaces', 'design-consultation'] as const;

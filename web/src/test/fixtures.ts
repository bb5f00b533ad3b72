import type { BlogPostSummary, PublicProject } from '@app/shared-types/api';
import { FIRST_START_COMPANY, type SiteInfo } from '@app/shared-types/site';

export const siteFixture: SiteInfo = FIRST_START_COMPANY;

export const projectFixtures: PublicProject[] = [
  {
    id: 'villa-one',
    slug: 'jubilee-hills-villa',
    title: 'Jubilee Hills Villa',
    description: 'A family villa in walnut and brass.',
    imageUrl: '/images/projects/villa-one.svg',
    images: [{ id: 'villa-one', url: '/images/projects/villa-one.svg', copies: [], aspectRatio: 1.5 }],
    status: 'finished',
    category: 'Villa',
    area: '5,200 sq ft',
    location: 'Jubilee Hills, Hyderabad',
  },
  {
    id: 'kitchen-two',
    slug: 'kondapur-kitchen-makeover',
    title: 'Kondapur Kitchen Makeover',
    description: 'A compact parallel kitchen rebuilt.',
    imageUrl: '/images/projects/kitchen-two.svg',
    images: [{ id: 'kitchen-two', url: '/images/projects/kitchen-two.svg', copies: [], aspectRatio: 1.5 }],
    status: 'ongoing',
    category: '2BHK',
    area: '180 sq ft',
    location: 'Kondapur, Hyderabad',
  },
  {
    id: 'clinic-three',
    slug: 'financial-district-dental-clinic',
    title: 'Financial District Dental Clinic',
    description: 'A reassuring reception and four treatment rooms.',
    imageUrl: '/images/projects/clinic-three.svg',
    images: [{ id: 'clinic-three', url: '/images/projects/clinic-three.svg', copies: [], aspectRatio: 1.5 }],
    status: 'upcoming',
    category: 'Commercial',
    area: '1,800 sq ft',
    location: 'Financial District, Hyderabad',
  },
];

export const blogPostFixtures: BlogPostSummary[] = [
  {
    id: 'modern-3bhk-makeover',
    slug: 'modern-3bhk-makeover',
    title: 'A Modern 3BHK Makeover in Gachibowli',
    excerpt: 'How we turned a builder-finish 3BHK into a warm family home.',
    featuredImage: '/images/blog/modern-3bhk-makeover.svg',
    publishedAt: '2024-06-05T10:00:00.000+05:30',
    tags: ['3BHK'],
    author: FIRST_START_COMPANY.companyName,
  },
];

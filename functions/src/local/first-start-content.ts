import type { BlogPost } from '@app/shared-types/blog';
import { customerName, type Customer } from '@app/shared-types/customers';
import type { PublicProjectStatus } from '@app/shared-types/constants';
import { projectSlug, type Project } from '@app/shared-types/projects';

/**
 * Sample content a new installation starts with, so the public site is not
 * empty on day one. Images are illustrations drawn for this project
 * (scripts/draw-seed-images.mjs), served from web/public/images.
 */

/** A sample project with its customer; the name is also the public title. */
type SeedProject = Pick<
  Project,
  'id' | 'title' | 'description' | 'category' | 'area' | 'location' | 'status' | 'showOnWebsite' | 'actualCost' | 'estimatedBudget' | 'projectType' | 'progress'
> & {
  publicStatus: PublicProjectStatus;
  image: string;
  customer: Pick<Customer, 'firstName' | 'lastName' | 'phone'>;
};

const projects: SeedProject[] = [
  {
    id: 'jubilee-hills-villa',
    title: 'Jubilee Hills Villa',
    description:
      'A 5,200 sq ft family villa in walnut, brass and soft cream: double-height living room, a formal dining space and a courtyard that pulls light into every room.',
    category: 'Villa',
    area: '5,200 sq ft',
    location: 'Jubilee Hills, Hyderabad',
    publicStatus: 'finished',
    image: 'jubilee-hills-villa',
    showOnWebsite: true,
    estimatedBudget: 9_500_000,
    actualCost: 9_180_000,
    status: 'completed',
    projectType: 'Villa',
    progress: 100,
    customer: { firstName: 'Srinivas', lastName: 'Reddy', phone: '+91 98480 11201' },
  },
  {
    id: 'gachibowli-3bhk',
    title: 'Gachibowli 3BHK Apartment',
    description:
      'A bright 3BHK for a young family: a warm modern living room, a TV wall with hidden storage and kid-proof finishes throughout.',
    category: '3BHK',
    area: '1,650 sq ft',
    location: 'Gachibowli, Hyderabad',
    publicStatus: 'finished',
    image: 'gachibowli-3bhk',
    showOnWebsite: true,
    estimatedBudget: 2_400_000,
    actualCost: 2_310_000,
    status: 'completed',
    projectType: '3BHK',
    progress: 100,
    customer: { firstName: 'Neha', lastName: 'Sharma', phone: '+91 98480 11202' },
  },
  {
    id: 'banjara-hills-penthouse',
    title: 'Banjara Hills Penthouse',
    description:
      'Open-plan living and dining framed by a glass wall over the city lights, with a bar counter and layered evening lighting.',
    category: 'Penthouse',
    area: '3,800 sq ft',
    location: 'Banjara Hills, Hyderabad',
    publicStatus: 'finished',
    image: 'banjara-hills-penthouse',
    showOnWebsite: true,
    estimatedBudget: 7_200_000,
    actualCost: 7_450_000,
    status: 'completed',
    projectType: '4BHK',
    progress: 100,
    customer: { firstName: 'Karthik', lastName: 'Rao', phone: '+91 98480 11203' },
  },
  {
    id: 'kondapur-2bhk-kitchen',
    title: 'Kondapur 2BHK Kitchen Makeover',
    description:
      'A compact parallel kitchen rebuilt with handle-less modular cabinets, quartz counters and task lighting for a home that cooks every day.',
    category: '2BHK',
    area: '180 sq ft',
    location: 'Kondapur, Hyderabad',
    publicStatus: 'ongoing',
    image: 'kondapur-2bhk-kitchen',
    showOnWebsite: true,
    estimatedBudget: 650_000,
    actualCost: null,
    status: 'execution',
    projectType: '2BHK',
    progress: 60,
    customer: { firstName: 'Lakshmi', lastName: 'Prasanna', phone: '+91 98480 11204' },
  },
  {
    id: 'hitech-city-office',
    title: 'HITEC City Tech Office',
    description:
      'A 60-seat workspace for a product startup: focus desks, glass meeting cabins, acoustic ceilings and a breakout cafe.',
    category: 'Office',
    area: '6,000 sq ft',
    location: 'HITEC City, Hyderabad',
    publicStatus: 'ongoing',
    image: 'hitech-city-office',
    showOnWebsite: true,
    estimatedBudget: 8_800_000,
    actualCost: null,
    status: 'execution',
    projectType: 'Office',
    progress: 60,
    customer: { firstName: 'Brightloop Labs', lastName: 'Pvt Ltd', phone: '+91 98480 11205' },
  },
  {
    id: 'madhapur-cafe',
    title: 'Madhapur Artisan Cafe',
    description:
      'A 40-cover cafe with a terrazzo counter, cane bar stools and pendant lights, designed to turn weekday laptops into weekend crowds.',
    category: 'Commercial',
    area: '1,200 sq ft',
    location: 'Madhapur, Hyderabad',
    publicStatus: 'ongoing',
    image: 'madhapur-cafe',
    showOnWebsite: true,
    estimatedBudget: 1_900_000,
    actualCost: null,
    status: 'design',
    projectType: 'Commercial',
    progress: 25,
    customer: { firstName: 'Bean Street', lastName: 'Cafe LLP', phone: '+91 98480 11206' },
  },
  {
    id: 'kokapet-4bhk-bedroom',
    title: 'Kokapet 4BHK Residence',
    description:
      'A calm 4BHK with a master suite in sage and oak: upholstered headboard wall, walk-in wardrobe and blackout drapery.',
    category: '4BHK',
    area: '2,900 sq ft',
    location: 'Kokapet, Hyderabad',
    publicStatus: 'upcoming',
    image: 'kokapet-4bhk-bedroom',
    showOnWebsite: true,
    estimatedBudget: 4_600_000,
    actualCost: null,
    status: 'approval',
    projectType: '4BHK',
    progress: 10,
    customer: { firstName: 'Anil', lastName: 'Varma', phone: '+91 98480 11207' },
  },
  {
    id: 'financial-district-clinic',
    title: 'Financial District Dental Clinic',
    description:
      'A reassuring reception and four treatment rooms with easy-clean surfaces, soft daylight tones and a signature logo wall.',
    category: 'Commercial',
    area: '1,800 sq ft',
    location: 'Financial District, Hyderabad',
    publicStatus: 'upcoming',
    image: 'financial-district-clinic',
    showOnWebsite: true,
    estimatedBudget: 2_700_000,
    actualCost: null,
    status: 'planning',
    projectType: 'Commercial',
    progress: 0,
    customer: { firstName: 'SmileCare', lastName: 'Dental', phone: '+91 98480 11208' },
  },
];

/** The sample customers and their projects, one customer each, created in this order. */
export function firstStartProjects(now: string): { customer: Customer; project: Project }[] {
  return projects.map(({ image, customer: who, ...seed }, index) => {
    // Stagger creation times so the newest-first order is the order above.
    const createdAt = new Date(new Date(now).getTime() - index * 60_000).toISOString();
    const customer: Customer = {
      id: `${seed.id}-customer`,
      ...who,
      email: '',
      address: '',
      city: 'Hyderabad',
      notes: '',
      projectCount: 1,
      leadId: null,
      createdAt,
      updatedAt: createdAt,
      version: 1,
    };
    const photo = `/images/projects/${image}.svg`;
    const project: Project = {
      ...seed,
      customerId: customer.id,
      customerName: customerName(customer),
      name: seed.title,
      slug: projectSlug(seed.title),
      priority: 'medium',
      startDate: null,
      estimatedEndDate: null,
      siteAddress: seed.location,
      requirements: '',
      notes: '',
      // A drawing scales to any width: one copy, no srcset.
      images: [{ id: image, url: photo, copies: [], aspectRatio: 3 / 2 }],
      leadId: null,
      createdAt,
      updatedAt: createdAt,
      version: 1,
    };
    return { customer, project };
  });
}

/** The last line of the 3BHK post: its calculator and contact links are real links. */
export const firstStartCalculatorLine = (companyName: string) =>
  `Planning your own home? Try the [cost calculator](/calculator) or [talk to the ${companyName} team](/contact).`;
/** The same line as posts seeded before links worked had it (plain text): the data upgrade replaces it. */
export const legacyCalculatorLine = (companyName: string) => `Planning your own home? Try the cost calculator or talk to the ${companyName} team.`;

export function firstStartBlogPosts(companyName: string, now: string): BlogPost[] {
  return [
    {
      id: 'modern-3bhk-makeover',
      slug: 'modern-3bhk-makeover',
      title: 'A Modern 3BHK Makeover in Gachibowli',
      excerpt:
        'How we turned a builder-finish 3BHK into a warm, clutter-free family home in ten weeks, and what it cost.',
      content: [
        'When the Sharmas got the keys to their Gachibowli apartment, it had white walls, bare floors and one wish list: **a home that feels calm after a long day, and survives two energetic kids.**',
        '',
        '## Start with storage',
        '',
        'Clutter is the enemy of calm. We planned storage before anything else:',
        '',
        '- a full-height TV wall with hidden cabinets for toys and board games;',
        '- a shoe and bag unit at the entrance, with a bench to sit on;',
        '- loft storage in every bedroom for suitcases and seasonal clothes.',
        '',
        '## Materials that forgive',
        '',
        'Matte laminates hide fingerprints, quartz counters shrug off turmeric, and washable paint means crayon art is a five-minute fix.',
        '',
        '## Light in layers',
        '',
        'Each room has three layers of light: ambient ceiling light, task lights where people read and cook, and warm accent strips for the evening.',
        '',
        '## The numbers',
        '',
        'The complete 1,650 sq ft home, in our premium material band, came in at about ₹24 lakh and took ten weeks from design freeze to handover.',
        '',
        firstStartCalculatorLine(companyName),
      ].join('\n'),
      featuredImage: '/images/blog/modern-3bhk-makeover.svg',
      tags: ['3BHK', 'makeover', 'storage'],
      category: 'projects',
      author: companyName,
      authorId: '',
      viewCount: 0,
      status: 'published',
      seoTitle: 'A Modern 3BHK Makeover in Gachibowli',
      seoDescription: 'Storage, materials and lighting choices behind a ten-week 3BHK interior makeover in Hyderabad.',
      publishedAt: '2024-06-05T10:00:00.000+05:30',
      createdAt: now,
      updatedAt: now,
      version: 1,
    },
    {
      id: 'workspace-lighting-tips',
      slug: 'workspace-lighting-tips',
      title: 'Workspace Lighting Tips for Focus and Comfort',
      excerpt: 'Five lighting rules we use in every office and home study to cut glare and eye strain.',
      content: [
        'Good lighting is the cheapest productivity upgrade an office can buy. These are the rules we design every workspace by.',
        '',
        '1. **Daylight from the side.** Place desks so windows are to the side of the screen, never behind or in front of it.',
        '2. **Neutral white for work.** Use 4000K lights over desks; keep warm 2700-3000K light for lounges and cafes.',
        '3. **Light the walls.** Bright vertical surfaces make a room feel open and reduce the contrast that tires the eyes.',
        '4. **Task lights where the task is.** An adjustable desk lamp beats a brighter ceiling every time.',
        '5. **Control glare.** Diffused fittings, matte desk tops and blinds that tame the afternoon sun.',
        '',
        `Want a lighting plan for your office? [The team at ${companyName}](/contact) can help.`,
      ].join('\n'),
      featuredImage: '/images/blog/workspace-lighting-tips.svg',
      tags: ['office', 'lighting', 'tips'],
      category: 'tips',
      author: companyName,
      authorId: '',
      viewCount: 0,
      status: 'published',
      seoTitle: 'Workspace Lighting Tips for Focus and Comfort',
      seoDescription: 'Five practical lighting rules for offices and home studies: daylight, colour temperature, glare.',
      publishedAt: '2024-05-20T10:00:00.000+05:30',
      createdAt: now,
      updatedAt: now,
      version: 1,
    },
  ];
}

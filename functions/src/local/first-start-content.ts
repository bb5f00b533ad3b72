import type { BlogPostItem } from '../db/blog-repo';
import type { ProjectItem } from '../db/project-repo';

/**
 * Sample content a new installation starts with, so the public site is not
 * empty on day one. Images are illustrations drawn for this project
 * (scripts/draw-seed-images.mjs), served from web/public/images.
 */

type SeedProject = Omit<ProjectItem, 'version' | 'createdAt' | 'updatedAt' | 'imageUrl' | 'images'> & {
  image: string;
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
    status: 'finished',
    image: 'jubilee-hills-villa',
    showOnWebsite: true,
    client: 'Reddy family',
    budget: 9_500_000,
    actualCost: 9_180_000,
    internalStatus: 'completed',
  },
  {
    id: 'gachibowli-3bhk',
    title: 'Gachibowli 3BHK Apartment',
    description:
      'A bright 3BHK for a young family: a warm modern living room, a TV wall with hidden storage and kid-proof finishes throughout.',
    category: '3BHK',
    area: '1,650 sq ft',
    location: 'Gachibowli, Hyderabad',
    status: 'finished',
    image: 'gachibowli-3bhk',
    showOnWebsite: true,
    client: 'Sharma family',
    budget: 2_400_000,
    actualCost: 2_310_000,
    internalStatus: 'completed',
  },
  {
    id: 'banjara-hills-penthouse',
    title: 'Banjara Hills Penthouse',
    description:
      'Open-plan living and dining framed by a glass wall over the city lights, with a bar counter and layered evening lighting.',
    category: 'Penthouse',
    area: '3,800 sq ft',
    location: 'Banjara Hills, Hyderabad',
    status: 'finished',
    image: 'banjara-hills-penthouse',
    showOnWebsite: true,
    client: 'Mr. and Mrs. Rao',
    budget: 7_200_000,
    actualCost: 7_450_000,
    internalStatus: 'completed',
  },
  {
    id: 'kondapur-2bhk-kitchen',
    title: 'Kondapur 2BHK Kitchen Makeover',
    description:
      'A compact parallel kitchen rebuilt with handle-less modular cabinets, quartz counters and task lighting for a home that cooks every day.',
    category: '2BHK',
    area: '180 sq ft',
    location: 'Kondapur, Hyderabad',
    status: 'ongoing',
    image: 'kondapur-2bhk-kitchen',
    showOnWebsite: true,
    client: 'Ms. Lakshmi',
    budget: 650_000,
    actualCost: null,
    internalStatus: 'execution',
  },
  {
    id: 'hitech-city-office',
    title: 'HITEC City Tech Office',
    description:
      'A 60-seat workspace for a product startup: focus desks, glass meeting cabins, acoustic ceilings and a breakout cafe.',
    category: 'Office',
    area: '6,000 sq ft',
    location: 'HITEC City, Hyderabad',
    status: 'ongoing',
    image: 'hitech-city-office',
    showOnWebsite: true,
    client: 'Brightloop Labs Pvt Ltd',
    budget: 8_800_000,
    actualCost: null,
    internalStatus: 'execution',
  },
  {
    id: 'madhapur-cafe',
    title: 'Madhapur Artisan Cafe',
    description:
      'A 40-cover cafe with a terrazzo counter, cane bar stools and pendant lights, designed to turn weekday laptops into weekend crowds.',
    category: 'Commercial',
    area: '1,200 sq ft',
    location: 'Madhapur, Hyderabad',
    status: 'ongoing',
    image: 'madhapur-cafe',
    showOnWebsite: true,
    client: 'Bean Street Cafe LLP',
    budget: 1_900_000,
    actualCost: null,
    internalStatus: 'design',
  },
  {
    id: 'kokapet-4bhk-bedroom',
    title: 'Kokapet 4BHK Residence',
    description:
      'A calm 4BHK with a master suite in sage and oak: upholstered headboard wall, walk-in wardrobe and blackout drapery.',
    category: '4BHK',
    area: '2,900 sq ft',
    location: 'Kokapet, Hyderabad',
    status: 'upcoming',
    image: 'kokapet-4bhk-bedroom',
    showOnWebsite: true,
    client: 'Dr. Varma',
    budget: 4_600_000,
    actualCost: null,
    internalStatus: 'approval',
  },
  {
    id: 'financial-district-clinic',
    title: 'Financial District Dental Clinic',
    description:
      'A reassuring reception and four treatment rooms with easy-clean surfaces, soft daylight tones and a signature logo wall.',
    category: 'Commercial',
    area: '1,800 sq ft',
    location: 'Financial District, Hyderabad',
    status: 'upcoming',
    image: 'financial-district-clinic',
    showOnWebsite: true,
    client: 'SmileCare Dental',
    budget: 2_700_000,
    actualCost: null,
    internalStatus: 'planning',
  },
];

export function firstStartProjects(now: string): Omit<ProjectItem, 'version'>[] {
  return projects.map(({ image, ...project }, index) => {
    // Stagger creation times so the newest-first order is the order above.
    const createdAt = new Date(new Date(now).getTime() - index * 60_000).toISOString();
    return {
      ...project,
      imageUrl: `/images/projects/${image}.svg`,
      images: [`/images/projects/${image}.svg`],
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export function firstStartBlogPosts(companyName: string, now: string): Omit<BlogPostItem, 'version'>[] {
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
        `Planning your own home? Try the cost calculator or talk to the ${companyName} team.`,
      ].join('\n'),
      featuredImage: '/images/blog/modern-3bhk-makeover.svg',
      tags: ['3BHK', 'makeover', 'storage'],
      category: 'projects',
      author: companyName,
      status: 'published',
      seoTitle: 'A Modern 3BHK Makeover in Gachibowli',
      seoDescription: 'Storage, materials and lighting choices behind a ten-week 3BHK interior makeover in Hyderabad.',
      publishedAt: '2024-06-05T10:00:00.000+05:30',
      createdAt: now,
      updatedAt: now,
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
        'Want a lighting plan for your office? The team at ' + companyName + ' can help.',
      ].join('\n'),
      featuredImage: '/images/blog/workspace-lighting-tips.svg',
      tags: ['office', 'lighting', 'tips'],
      category: 'tips',
      author: companyName,
      status: 'published',
      seoTitle: 'Workspace Lighting Tips for Focus and Comfort',
      seoDescription: 'Five practical lighting rules for offices and home studies: daylight, colour temperature, glare.',
      publishedAt: '2024-05-20T10:00:00.000+05:30',
      createdAt: now,
      updatedAt: now,
    },
  ];
}

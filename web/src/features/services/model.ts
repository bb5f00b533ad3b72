import { SERVICES, type Service } from '@app/shared-types/constants';
import { SERVICE_SUMMARIES, serviceImage } from './summaries';

export interface ServiceDetail extends Service {
  /** One line for the home page's 'Our Expertise' cards. */
  summary: string;
  paragraphs: string[];
  included: string[];
  metaDescription: string;
  image: string;
}

type ServiceContent = Omit<ServiceDetail, keyof Service | 'image' | 'summary'>;

const CONTENT: Record<string, ServiceContent> = {
  'residential-design': {
    paragraphs: [
      'A home should feel calm when you walk in after a long day, and still work hard on a busy weekday morning. We start with how your family lives: who cooks, who works from home, where the children study, what you collect and what you would rather hide away.',
      'From a 2BHK in Kondapur to a villa in Jubilee Hills, we plan layouts, storage and lighting first, then bring in materials, colour and furniture that suit Hyderabad’s climate and your budget band.',
      'You see every room in 3D before anything is built, sign off on a detailed bill of quantities, and get a single team that carries the design through to handover.',
    ],
    included: [
      'Space planning and furniture layouts for every room',
      'Modular kitchen and wardrobe design with hardware selection',
      '3D visualisations and a material and colour palette',
      'Lighting, electrical and false-ceiling plans',
      'Detailed bill of quantities before work begins',
    ],
    metaDescription:
      'Residential interior design in Hyderabad: space planning, modular kitchens, wardrobes, lighting and 3D designs for apartments and villas.',
  },
  'commercial-spaces': {
    paragraphs: [
      'A workplace or a shop is a working tool. We design offices that help people focus and collaborate, retail floors that guide customers to what sells, and cafes and clinics that feel welcoming from the first step inside.',
      'We work with your facility, IT and brand teams on seating density, acoustics, services and signage, and plan the fit-out in phases so your business keeps running while we build.',
      'Every design is checked against building rules, fire safety and the landlord’s fit-out guidelines before execution starts.',
    ],
    included: [
      'Workplace strategy, seat planning and zoning',
      'Brand-led design for retail, cafes and clinics',
      'Acoustic, lighting and HVAC coordination',
      'Furniture, fixtures and signage specifications',
      'Phased execution plans with minimal downtime',
    ],
    metaDescription:
      'Commercial interior design and fit-outs in Hyderabad for offices, retail stores, cafes and clinics, from planning to handover.',
  },
  'design-consultation': {
    paragraphs: [
      'Not every project needs a full design package. A consultation gives you a senior designer’s eye on your plan: what to keep, what to change and where your money will make the most difference.',
      'We review your floor plan, walk the site with you, shortlist styles and materials, and give you a clear written brief you can execute with us or with your own contractor.',
      'It is also the best first step before a larger project: you leave with a realistic budget band and a sense of how we work.',
    ],
    included: [
      'A site visit or video walkthrough with a senior designer',
      'Layout review with improvement suggestions',
      'Style direction with a mood board',
      'Material, finish and brand recommendations within your budget',
      'A written summary with next steps',
    ],
    metaDescription:
      'Interior design consultation in Hyderabad: layout review, style direction and material selection from a senior designer.',
  },
  'project-management': {
    paragraphs: [
      'Good design is only as good as its execution. Our project managers coordinate carpenters, electricians, plumbers, painters and vendors so that work happens in the right order and nothing falls between trades.',
      'You get a schedule with milestones, weekly progress updates with photos, and quality checks at each stage, from civil changes to the final coat of polish.',
      'Payments are tied to milestones, material purchases are transparent, and any change to the scope is priced and approved before it is built.',
    ],
    included: [
      'A detailed schedule with milestones and payment stages',
      'Vendor and contractor coordination on site',
      'Weekly progress updates with photos',
      'Stage-wise quality checks and snag lists',
      'Handover with warranties and care guides',
    ],
    metaDescription:
      'Interior project management in Hyderabad: schedules, vendor coordination, quality checks and on-budget handover.',
  },
};

/** The services with their page content, in SERVICES order. */
export const SERVICE_DETAILS: readonly ServiceDetail[] = SERVICES.flatMap((service) => {
  const content = CONTENT[service.slug];
  return content ? [{ ...service, ...content, summary: SERVICE_SUMMARIES[service.slug] ?? '', image: serviceImage(service.slug) }] : [];
});

export function findService(slug: string | undefined): ServiceDetail | undefined {
  return SERVICE_DETAILS.find((service) => service.slug === slug);
}


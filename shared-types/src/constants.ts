/** Business constants from SPEC.md section 9 and the public-site lists of section 2. */

export const PROPERTY_TYPES = ['1bhk', '2bhk', '3bhk', '4bhk', 'villa', 'office'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  '1bhk': '1 BHK',
  '2bhk': '2 BHK',
  '3bhk': '3 BHK',
  '4bhk': '4 BHK',
  villa: 'Villa',
  office: 'Office',
};

export const MATERIALS = ['basic', 'premium', 'luxury'] as const;
export type Material = (typeof MATERIALS)[number];
export const MATERIAL_LABELS: Record<Material, string> = {
  basic: 'Basic (₹800-1200 per sq ft)',
  premium: 'Premium (₹1200-1800 per sq ft)',
  luxury: 'Luxury (₹1800+ per sq ft)',
};

export const ROOM_SCOPES = ['all', 'living', 'kitchen', 'bedroom', 'partial'] as const;
export type RoomScope = (typeof ROOM_SCOPES)[number];
export const ROOM_SCOPE_LABELS: Record<RoomScope, string> = {
  all: 'All rooms (complete home)',
  living: 'Living room',
  kitchen: 'Kitchen',
  bedroom: 'Bedroom',
  partial: 'Partial (2-3 rooms)',
};

export const CONTACT_PROJECT_TYPES = ['residential', 'commercial', 'consultation', 'renovation'] as const;
export type ContactProjectType = (typeof CONTACT_PROJECT_TYPES)[number];
export const CONTACT_PROJECT_TYPE_LABELS: Record<ContactProjectType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  consultation: 'Consultation',
  renovation: 'Renovation',
};

export const LEAD_SOURCES = [
  'Facebook Ads',
  'Google Ads',
  'Website',
  'Referral',
  'Direct Call',
  'Instagram',
  'WhatsApp',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_STATUSES = ['New', 'Follow-up', 'Quoted', 'Won', 'Lost', 'Not Interested'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_PROJECT_TYPES = ['1BHK', '2BHK', '3BHK', '4BHK', 'Villa', 'Office', 'Commercial', 'Renovation'] as const;
export type LeadProjectType = (typeof LEAD_PROJECT_TYPES)[number];

/** Status of a project as the public site shows it (SPEC.md section 4). */
export const PUBLIC_PROJECT_STATUSES = ['finished', 'ongoing', 'upcoming'] as const;
export type PublicProjectStatus = (typeof PUBLIC_PROJECT_STATUSES)[number];
export const PUBLIC_PROJECT_STATUS_LABELS: Record<PublicProjectStatus, string> = {
  finished: 'Finished',
  ongoing: 'Ongoing',
  upcoming: 'Upcoming',
};

export interface Service {
  slug: string;
  title: string;
  blurb: string;
}

export const SERVICES: readonly Service[] = [
  { slug: 'residential-design', title: 'Residential Design', blurb: 'elegant, functional home interiors' },
  { slug: 'commercial-spaces', title: 'Commercial Spaces', blurb: 'offices, retail and hospitality fit-outs' },
  {
    slug: 'design-consultation',
    title: 'Design Consultation',
    blurb: 'expert advice, styles and material selection',
  },
  {
    slug: 'project-management',
    title: 'Project Management',
    blurb: 'end-to-end execution on time and on budget',
  },
];

/** Hours the team promises to call back a calculator submitter within. */
export const CALLBACK_PROMISE_HOURS = 24;

/** Internal project status (SPEC.md section 4); planning is the default. */
export const PROJECT_STATUSES = ['planning', 'design', 'approval', 'execution', 'completed', 'on_hold'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** The statuses the dashboard's 'Active Projects' counts: work not finished and not on hold. */
export const ACTIVE_PROJECT_STATUSES: readonly ProjectStatus[] = ['planning', 'design', 'approval', 'execution'];

/**
 * The firm's public identity. Staff edit it in Settings > Company; the public
 * site reads it from GET /api/site. FIRST_START_COMPANY is the fictional firm a
 * new installation starts with, defined here and nowhere else.
 */
export interface SocialLinks {
  instagram: string;
  facebook: string;
  youtube: string;
  linkedin: string;
}

export interface CompanyProfile {
  companyName: string;
  companyAddress: string;
  companyPhone: string;
  companyEmail: string;
  companyWebsite: string;
  companyLogo: string;
  gstNumber: string;
  social: SocialLinks;
  /** Short-video reels shown on the home page ('See Our Work in Action'). */
  reels: string[];
  /** Google Maps search text for the embedded map on the contact page. */
  mapQuery: string;
}

export const FIRST_START_COMPANY: CompanyProfile = {
  companyName: 'Kaveri Design Studio',
  companyAddress: 'Plot 42, Road No. 36, Jubilee Hills, Hyderabad, Telangana 500033',
  companyPhone: '+91 98480 12345',
  companyEmail: 'hello@kaveridesign.studio',
  companyWebsite: 'https://kaveridesign.studio',
  companyLogo: '/images/logo.svg',
  gstNumber: '36ABCDE1234F1Z5',
  social: {
    instagram: 'https://www.instagram.com/kaveridesignstudio',
    facebook: 'https://www.facebook.com/kaveridesignstudio',
    youtube: 'https://www.youtube.com/@kaveridesignstudio',
    linkedin: 'https://www.linkedin.com/company/kaveridesignstudio',
  },
  reels: [
    'https://www.instagram.com/reel/C7kaveri01/',
    'https://www.instagram.com/reel/C7kaveri02/',
    'https://www.instagram.com/reel/C7kaveri03/',
  ],
  mapQuery: 'Road No. 36, Jubilee Hills, Hyderabad',
};

/** What GET /api/site returns: the public part of the settings, and whether the site is in maintenance (Settings > System). */
export interface SiteInfo extends CompanyProfile {
  /** Optional for answers cached before it existed; true while the public site should show its maintenance page. */
  maintenanceMode?: boolean;
  /** Settings > Security > allowRegistration: the portal's sign-in page offers 'Request access'. */
  allowRegistration?: boolean;
}

export const BUSINESS_HOURS = [
  { days: 'Mon-Sat', hours: '9:00 AM - 7:00 PM' },
  { days: 'Sunday', hours: 'By appointment' },
] as const;

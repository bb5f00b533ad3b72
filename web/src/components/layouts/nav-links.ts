/** The public pages, in header and footer order (SPEC.md section 2). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/projects', label: 'Projects' },
  { to: '/services', label: 'Services' },
  { to: '/blog', label: 'Blog' },
  { to: '/calculator', label: 'Calculator' },
  { to: '/contact', label: 'Contact' },
] as const;

/**
 * Sample data (issue 25): what a first start makes for a new firm to try the
 * portal with, marked as sample, and 'Remove sample data' in Settings > System
 * (DELETE /api/settings/sample-data, admin and superadmin) that removes exactly
 * the items so marked.
 */

/** The three first-start salespeople (SPEC.md 9): realistic names, kept with the ids the leads already name. */
export const SAMPLE_SALESPEOPLE = [
  { id: 'salesperson-ravi-kumar', name: 'Ravi Kumar', position: 'Sales Lead' },
  { id: 'salesperson-assistant-1', name: 'Priya Sharma', position: 'Sales Executive' },
  { id: 'salesperson-assistant-2', name: 'Arjun Reddy', position: 'Sales Executive' },
] as const;

/** The domain of the firm's addresses: its company email's, else its website's (without www.); blank when neither has one. */
export function companyDomain(company: { companyEmail: string; companyWebsite: string }): string {
  const fromEmail = company.companyEmail.trim().split('@')[1]?.toLowerCase() ?? '';
  if (/^[a-z0-9.-]+\.[a-z]{2,}$/.test(fromEmail)) return fromEmail;
  // The host of 'https://www.example.in/about' (shared-types has no URL class).
  const host = (/^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/:?#]+)/i.exec(company.companyWebsite.trim())?.[1] ?? '').toLowerCase().replace(/^www\./, '');
  return /^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) ? host : '';
}

/** 'Priya Sharma' at kaveridesign.studio: priya.sharma@kaveridesign.studio ('.invalid', never delivered, without a domain). */
export function sampleEmail(name: string, domain: string): string {
  const local = name.trim().toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '');
  return `${local}@${domain || 'sample.invalid'}`;
}

export const REMOVE_SAMPLE_DATA_CONFIRM = 'Remove sample data?';

/** What 'Remove sample data' did: the sample items removed, and those kept with why. */
export interface SampleDataRemoval {
  removed: { id: string; name: string }[];
  kept: { id: string; name: string; reason: string }[];
}

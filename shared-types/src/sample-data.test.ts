import { describe, expect, it } from 'vitest';
import { companyDomain, sampleEmail } from './sample-data';

describe('sample salespeople addresses (issue 25)', () => {
  it("take the company email's domain, else the website's", () => {
    expect(companyDomain({ companyEmail: 'hello@kaveridesign.studio', companyWebsite: 'https://other.in' })).toBe('kaveridesign.studio');
    expect(companyDomain({ companyEmail: '', companyWebsite: 'https://www.Acme-Interiors.in/about' })).toBe('acme-interiors.in');
    expect(companyDomain({ companyEmail: 'not an email', companyWebsite: '' })).toBe('');
  });

  it('make first.last@domain of a name', () => {
    expect(sampleEmail('Priya Sharma', 'kaveridesign.studio')).toBe('priya.sharma@kaveridesign.studio');
    expect(sampleEmail('Arjun Reddy', '')).toBe('arjun.reddy@sample.invalid');
  });
});

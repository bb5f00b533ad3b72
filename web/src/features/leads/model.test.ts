import type { Lead } from '@app/shared-types/leads';
import { describe, expect, it } from 'vitest';
import {
  formatMinutes,
  describeChanges,
  importSummary,
  mailtoForLeads,
  parseLeadFilters,
  toLeadCreateInput,
  ADD_LEAD_INITIAL_VALUES,
  changedLeadFields,
  toLeadDetailsValues,
  leadOrigin,
} from './model';
import { makeLead } from './test-fixtures';

describe('lead filters in the URL', () => {
  it('reads known values and drops unknown ones', () => {
    const filters = parseLeadFilters(
      new URLSearchParams('q=ravi&status=Quoted&source=Nowhere&assignedTo=salesperson-assistant-1&projectType=Villa&sort=followUp'),
    );
    expect(filters).toEqual({
      q: 'ravi',
      status: 'Quoted',
      source: '',
      assignedTo: 'salesperson-assistant-1',
      projectType: 'Villa',
      sort: 'followUp',
      campaign: '',
      overdue: '',
    });
    expect(parseLeadFilters(new URLSearchParams()).sort).toBe('created');
    expect(parseLeadFilters(new URLSearchParams('campaign=%20diwali%20')).campaign).toBe('diwali');
    expect(parseLeadFilters(new URLSearchParams('overdue=1')).overdue).toBe('1');
    expect(parseLeadFilters(new URLSearchParams('overdue=yes')).overdue).toBe('');
    // 'My leads', and no names or odd values as assignees.
    expect(parseLeadFilters(new URLSearchParams('assignedTo=me')).assignedTo).toBe('me');
    expect(parseLeadFilters(new URLSearchParams('assignedTo=Assistant%201')).assignedTo).toBe('');
    expect(parseLeadFilters(new URLSearchParams('assignedTo=%3Cscript%3E')).assignedTo).toBe('');
  });
});

describe('describeChanges', () => {
  it("renders each change as 'Label: before → after'", () => {
    expect(
      describeChanges({
        status: ['New', 'Quoted'],
        assignedTo: ['', 'Assistant 2'],
        budget: [0, 1250000],
        nextFollowUp: [null, '2025-02-03'],
      }),
    ).toEqual([
      'Status: New → Quoted',
      'Assigned To: — → Assistant 2',
      'Budget: ₹0 → ₹12,50,000',
      'Next Follow-up: — → 3 February 2025',
    ]);
    expect(describeChanges(undefined)).toEqual([]);
  });
});

describe('toLeadCreateInput', () => {
  it('parses the budget to whole rupees and defaults a blank budget to 0', () => {
    expect(toLeadCreateInput({ ...ADD_LEAD_INITIAL_VALUES, name: 'Ravi', phone: '9848012345', budget: '5,00,000.90' }).budget).toBe(500000);
    expect(toLeadCreateInput({ ...ADD_LEAD_INITIAL_VALUES, name: 'Ravi', phone: '9848012345' })).toMatchObject({
      budget: 0,
      status: 'New',
      source: 'Direct Call',
    });
  });
});

describe('mailtoForLeads', () => {
  it('puts the addresses in Bcc and counts the leads without one', () => {
    expect(mailtoForLeads([{ email: 'a@example.com' }, { email: '' }, { email: 'b+x@example.com' }])).toEqual({
      href: 'mailto:?bcc=a%40example.com,b%2Bx%40example.com',
      skipped: 1,
    });
    expect(mailtoForLeads([{ email: ' ' }])).toEqual({ href: null, skipped: 1 });
  });
});

describe('importSummary', () => {
  it('reports imported, merged and skipped counts', () => {
    expect(importSummary({ leads: [], merged: 0, skipped: 0 })).toBe('0 leads imported');
    expect(importSummary({ leads: new Array(1), merged: 2, skipped: 1 })).toBe(
      "1 lead imported, 2 rows added to existing leads' timelines, 1 row skipped",
    );
  });
});

describe('changedLeadFields', () => {
  const lead = {
    id: 'l1',
    name: 'Ravi Kumar',
    phone: '9848012345',
    email: '',
    source: 'Website',
    budget: 500000,
    projectType: '3BHK',
    status: 'New',
    priority: 'medium',
    assignedTo: '',
    assignedToName: '',
    notes: '',
    location: 'Gachibowli',
    requirements: '',
    nextFollowUp: null,
    lastContactedAt: '2025-01-01T10:00:00.000Z',
    lastEnquiryAt: null,
    conversion: null,
    estimate: null,
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    utmTerm: '',
    utmContent: '',
    gclid: '',
    fbclid: '',
    landingPage: '',
    referrer: '',
    firstTouch: null,
    campaignSource: '',
    campaign: '',
    wonValue: 0,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    version: 3,
  } satisfies Lead;

  it('sends only what the form changed, cleaned by the schema', () => {
    const values = { ...toLeadDetailsValues(lead), budget: '7,50,000', location: ' Kondapur ', email: 'ravi@example.com' };
    expect(changedLeadFields(lead, values)).toEqual({ budget: 750000, location: 'Kondapur', email: 'ravi@example.com' });
    expect(changedLeadFields(lead, toLeadDetailsValues(lead))).toEqual({});
  });
});

describe('leadOrigin (issue 26)', () => {
  const base = makeLead({ id: 'l2', name: 'Asha', phone: '9848000000' });
  it('says nothing of a lead nothing tracked', () => {
    expect(leadOrigin(base)).toEqual([]);
  });
  it("shows the visitor's yes to WhatsApp updates with its date", () => {
    expect(leadOrigin({ ...base, whatsappConsent: true, whatsappConsentAt: '2026-11-27T10:00:00.000Z' })).toEqual([{ label: 'WhatsApp updates', value: 'agreed 27 November 2026' }]);
  });
  it("marks a platform's test lead as a test", () => {
    expect(leadOrigin({ ...base, isTest: true, campaignSource: 'Google Ads', campaign: 'test' })).toEqual([
      { label: 'Test lead', value: "A platform's test event (Settings > Integrations), not a real enquiry" },
      { label: 'Campaign', value: 'Google Ads / test' },
    ]);
  });
  it('names the campaign, the last touch and a different first touch', () => {
    const touch = { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'diwali', utmTerm: '', utmContent: '', gclid: 'TeSt123', fbclid: '', landingPage: '/?utm_source=google', referrer: '' };
    const lead = { ...base, ...touch, campaignSource: 'google', campaign: 'diwali', firstTouch: { ...touch, utmSource: 'facebook', utmCampaign: 'monsoon', gclid: '' } };
    expect(leadOrigin(lead)).toEqual([
      { label: 'Campaign', value: 'google / diwali' },
      { label: 'UTM source', value: 'google' },
      { label: 'UTM medium', value: 'cpc' },
      { label: 'UTM campaign', value: 'diwali' },
      { label: 'Google click ID (gclid)', value: 'TeSt123' },
      { label: 'Landing page', value: '/?utm_source=google' },
      { label: 'First touch', value: 'facebook / cpc / monsoon' },
    ]);
    expect(leadOrigin({ ...base, campaignSource: 'Direct Call' })).toEqual([{ label: 'Campaign', value: 'Direct Call / (none)' }]);
  });
});

describe('formatMinutes', () => {
  it("shows business minutes as '12 min' or '1 h 05 min'", () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(12)).toBe('12 min');
    expect(formatMinutes(12.5)).toBe('13 min');
    expect(formatMinutes(60)).toBe('1 h 00 min');
    expect(formatMinutes(65)).toBe('1 h 05 min');
    expect(formatMinutes(605)).toBe('10 h 05 min');
  });
});

import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import type { DirectoryEntry } from '@app/shared-types/employees';
import type { FirstResponseReport, ResponseOverdue } from '@app/shared-types/speed-to-lead';
import { SALESPEOPLE, SALESPERSON_IDS, type BulkImportResult, type BulkUpdateResult, type Lead, type LeadAnalytics, type LeadDetail } from '@app/shared-types/leads';

/** Leads, analytics and MSW handlers for the Leads CRM tests (`server.use(...leadHandlers())`). */

export function makeLead(overrides: Partial<Lead> & Pick<Lead, 'id' | 'name' | 'phone'>): Lead {
  return {
    email: '',
    source: 'Website',
    budget: 0,
    projectType: '',
    status: 'New',
    priority: 'medium',
    assignedTo: '',
    assignedToName: '',
    notes: '',
    location: '',
    requirements: '',
    nextFollowUp: null,
    lastContactedAt: '2025-01-10T10:00:00.000Z',
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
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const leadFixtures: Lead[] = [
  makeLead({
    id: 'lead-1',
    name: 'Ravi Kumar',
    phone: '9848012345',
    email: 'ravi@example.com',
    budget: 1250000,
    projectType: '3BHK',
    status: 'Quoted',
    assignedTo: SALESPERSON_IDS['Ravi Kumar'],
    assignedToName: 'Ravi Kumar',
    location: 'Gachibowli',
    nextFollowUp: '2025-02-03',
    version: 4,
  }),
  makeLead({ id: 'lead-2', name: 'Anita Sharma', phone: '9848012346', source: 'Referral', projectType: 'Villa' }),
  makeLead({ id: 'lead-3', name: 'Farhan Ali', phone: '9848012347', email: 'farhan@example.com', status: 'Won' }),
];

export const analyticsFixture: LeadAnalytics = {
  totalLeads: 48,
  newLeads: 12,
  quotedLeads: 9,
  wonLeads: 7,
  conversionRate: 14.6,
  sourceBreakdown: [{ source: 'Website', count: 30 }],
  statusBreakdown: [
    { status: 'New', budget: 1200000, count: 12 },
    { status: 'Follow-up', budget: 900000, count: 10 },
    { status: 'Quoted', budget: 2500000, count: 9 },
    { status: 'Won', budget: 3000000, count: 7 },
    { status: 'Lost', budget: 0, count: 6 },
    { status: 'Not Interested', budget: 0, count: 4 },
  ],
};

export const leadDetailFixture: LeadDetail = {
  lead: leadFixtures[0] as Lead,
  timeline: [
    {
      id: 't-3',
      type: 'change',
      content: '',
      createdBy: 'Asha Rao',
      createdAt: '2025-01-12T09:30:00.000Z',
      changes: { status: ['New', 'Quoted'] },
    },
    {
      id: 't-2',
      type: 'call',
      content: 'Wants a modular kitchen first.',
      createdBy: 'Asha Rao',
      createdAt: '2025-01-11T06:00:00.000Z',
    },
    {
      id: 't-1',
      type: 'form_submission',
      content: 'Calculator: 3BHK, premium, 1450 sq ft',
      createdBy: 'Website',
      createdAt: '2025-01-10T10:00:00.000Z',
    },
  ],
};

/** The leads endpoints answering from the fixtures: one page, no next cursor. */
/** The active employees the assign menus offer: the three salespeople (issue 14). */
export const assigneeFixtures: DirectoryEntry[] = SALESPEOPLE.map((name) => ({
  id: SALESPERSON_IDS[name],
  name,
  email: `${SALESPERSON_IDS[name]}@salespeople.invalid`,
  phone: '',
  department: 'Sales',
  position: name === 'Ravi Kumar' ? 'Sales Lead' : 'Sales Assistant',
  profilePicture: '',
  role: 'employee',
  status: 'active',
}));

export function leadHandlers() {
  return [
    http.get('/api/users/directory', () => HttpResponse.json<Page<DirectoryEntry>>({ items: assigneeFixtures })),
    http.get('/api/leads', () => HttpResponse.json({ items: leadFixtures })),
    http.get('/api/leads/analytics', () => HttpResponse.json(analyticsFixture)),
    // Speed-to-lead (issue 26): nobody overdue, no responses this month (tests that show them use their own).
    http.get('/api/leads/response-overdue', () => HttpResponse.json<ResponseOverdue>({ items: [], total: 0 })),
    http.get('/api/leads/first-response', ({ request }) =>
      HttpResponse.json<FirstResponseReport>({ month: new URL(request.url).searchParams.get('month') ?? '', slaMinutes: 15, rows: [] }),
    ),
    http.get('/api/leads/:id', ({ params }) => {
      if (params.id === leadDetailFixture.lead.id) return HttpResponse.json(leadDetailFixture);
      const lead = leadFixtures.find((item) => item.id === params.id);
      return lead
        ? HttpResponse.json<LeadDetail>({ lead, timeline: [] })
        : HttpResponse.json({ error: 'Lead not found' }, { status: 404 });
    }),
    http.post('/api/leads/bulk-update', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      const updated = leadFixtures.filter((lead) => body.ids.includes(lead.id));
      return HttpResponse.json<BulkUpdateResult>({ updated, notFound: [], conflicted: [] });
    }),
    http.post('/api/leads/bulk-import', () =>
      HttpResponse.json<BulkImportResult>({ leads: [], merged: 0, skipped: 0, rows: [] }),
    ),
  ];
}

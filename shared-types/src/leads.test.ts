import { describe, expect, it } from 'vitest';
import { LEAD_PROJECT_TYPES, LEAD_SOURCES, LEAD_STATUSES } from './constants';
import {
  BULK_IMPORT_MAX_ROWS,
  BULK_UPDATE_MAX_IDS,
  COMMUNICATION_TYPES,
  LEAD_PRIORITIES,
  NAME_AND_PHONE_REQUIRED,
  SALESPEOPLE,
  SALESPERSON_IDS,
  bulkImportSchema,
  bulkUpdateSchema,
  communicationSchema,
  conversionRate,
  leadCreateSchema,
  leadImportRowSchema,
  leadListQuerySchema,
  leadUpdateSchema,
} from './leads';
import { chars, fieldRules, rows, testRows, titled, validate, type Accepts, type Refuses } from './schema-test-kit';

const SOURCE_MESSAGE = `Source must be one of: ${LEAD_SOURCES.join(', ')}`;
const PROJECT_TYPE_MESSAGE = `Project type must be one of: ${LEAD_PROJECT_TYPES.join(', ')}`;

/** Rules leadCreateSchema and leadImportRowSchema share (the Add Lead dialog and an import line). */
function leadLineRows() {
  const name = rows.maxLength('name', 255, 'Name is too long (255 characters at most)');
  const location = rows.maxLength('location', 255, 'Location is too long');
  const requirements = rows.maxLength('requirements', 5000, 'Requirements are too long (5000 characters at most)');
  const phone = rows.phone('phone');
  const mail = rows.email('email');
  const accepts: Accepts[] = [
    ...name.accepts,
    ...phone.accepts,
    ['email', undefined, ''],
    ['email', '', ''],
    ...mail.accepts,
    ...LEAD_SOURCES.map((source): Accepts => ['source', source, source]),
    ['source', ' facebook ads ', 'Facebook Ads'],
    ['source', 'WHATSAPP', 'WhatsApp'],
    // Budget: whole rupees as typed; blank is 0.
    ['budget', undefined, 0],
    ['budget', '', 0],
    ['budget', null, 0],
    ['budget', 0, 0],
    ['budget', '5,00,000', 500000],
    ['budget', '₹ 7,50,000', 750000],
    ['budget', '5,00,000.90', 500000],
    ['budget', 1250000.75, 1250000],
    ['budget', 1_000_000_000_000, 1_000_000_000_000],
    ['projectType', undefined, ''],
    ['projectType', '', ''],
    ...LEAD_PROJECT_TYPES.map((type): Accepts => ['projectType', type, type]),
    ['projectType', 'villa', 'Villa'],
    ['projectType', '3bhk', '3BHK'],
    ['location', undefined, ''],
    ...location.accepts,
    ['requirements', undefined, ''],
    ...requirements.accepts,
  ];
  const refuses: Refuses[] = [
    ...rows.required('name', NAME_AND_PHONE_REQUIRED),
    ...name.refuses,
    ...rows.required('phone', NAME_AND_PHONE_REQUIRED),
    ...phone.refuses,
    ...mail.refuses,
    ['source', 'Twitter', SOURCE_MESSAGE],
    ['source', '', SOURCE_MESSAGE],
    ['budget', 1_000_000_000_001, 'Budget is too large'],
    ['budget', -1, 'Budget cannot be negative'],
    ['budget', '-1', 'Budget must be a number'],
    ['budget', '5 lakh', 'Budget must be a number'],
    ['budget', [500], 'Budget must be a number'],
    ['projectType', 'Castle', PROJECT_TYPE_MESSAGE],
    ['projectType', '2 BHK', PROJECT_TYPE_MESSAGE],
    ...location.refuses,
    ...requirements.refuses,
  ];
  return { accepts, refuses };
}

describe('leadCreateSchema (POST /api/leads, the Add Lead dialog)', () => {
  const { accepts, refuses } = fieldRules(leadCreateSchema, { name: 'Ravi', phone: '9848012345' });
  const line = leadLineRows();
  const notes = rows.maxLength('notes', 5000, 'Notes are too long (5000 characters at most)');
  const date = rows.date('nextFollowUp');

  it.each(
    titled<Accepts>([
      ...line.accepts,
      ['source', undefined, 'Direct Call'],
      ['notes', undefined, ''],
      ...notes.accepts,
      ['assignedTo', undefined, ''],
      ['assignedTo', '', ''],
      // An employee id; a salesperson's name from an older client reads as their employee id.
      ['assignedTo', 'b5f3c1de-8f1e-4f7a-9a51-3c0d2f4e6a7b', 'b5f3c1de-8f1e-4f7a-9a51-3c0d2f4e6a7b'],
      ...SALESPEOPLE.map((person): Accepts => ['assignedTo', person, SALESPERSON_IDS[person]]),
      ['assignedTo', 'ravi kumar', SALESPERSON_IDS['Ravi Kumar']],
      ['status', undefined, 'New'],
      ...LEAD_STATUSES.map((status): Accepts => ['status', status, status]),
      ['status', 'not interested', 'Not Interested'],
      ['priority', undefined, 'medium'],
      ...LEAD_PRIORITIES.map((priority): Accepts => ['priority', priority, priority]),
      ['priority', 'URGENT', 'urgent'],
      ['nextFollowUp', undefined, null],
      ...date.accepts,
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ...line.refuses,
      ...notes.refuses,
      ['assignedTo', 'Someone Else', 'Choose an active employee from the list'],
      ['assignedTo', chars(65), 'Choose an active employee from the list'],
      ['status', 'Closed', 'Choose a lead status'],
      ['status', '', 'Choose a lead status'],
      ['priority', 'critical', 'Choose a priority'],
      ...date.refuses,
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it("answers 'Name and phone are required' for both fields of an empty dialog, and applies the defaults", async () => {
    expect((await validate(leadCreateSchema, {})).errors).toEqual({ name: NAME_AND_PHONE_REQUIRED, phone: NAME_AND_PHONE_REQUIRED });
    expect((await validate(leadCreateSchema, { name: ' Meera Iyer ', phone: '+91 98480 11111', extra: 'dropped' })).value).toEqual({
      name: 'Meera Iyer',
      phone: '+91 98480 11111',
      email: '',
      source: 'Direct Call',
      budget: 0,
      projectType: '',
      location: '',
      requirements: '',
      notes: '',
      assignedTo: '',
      status: 'New',
      priority: 'medium',
      nextFollowUp: null,
    });
  });
});

describe('leadUpdateSchema (PUT /api/leads/:id)', () => {
  const { accepts, refuses } = fieldRules(leadUpdateSchema, { version: 3 });
  const date = rows.date('nextFollowUp');
  const phone = rows.phone('phone');
  const mail = rows.email('email');

  it.each(
    titled<Accepts>([
      ['version', 1, 1],
      ['version', '7', 7],
      ...rows.maxLength('name', 255, '').accepts,
      ...phone.accepts,
      ['email', '', ''],
      ...mail.accepts,
      ['source', 'referral', 'Referral'],
      ['budget', '7,50,000', 750000],
      ['budget', '', 0],
      ['projectType', '', ''],
      ['projectType', 'office', 'Office'],
      ...rows.maxLength('location', 255, '').accepts,
      ...rows.maxLength('requirements', 5000, '').accepts,
      ...rows.maxLength('notes', 5000, '').accepts,
      ['assignedTo', '', ''],
      ['assignedTo', 'Assistant 2', SALESPERSON_IDS['Assistant 2']],
      ['status', 'quoted', 'Quoted'],
      ['priority', 'high', 'high'],
      ...date.accepts,
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ...rows.version(),
      // A field that is sent cannot be blanked.
      ['name', '', NAME_AND_PHONE_REQUIRED],
      ['name', '   ', NAME_AND_PHONE_REQUIRED],
      ['name', chars(256), 'Name is too long (255 characters at most)'],
      ['phone', '', NAME_AND_PHONE_REQUIRED],
      ...phone.refuses,
      ...mail.refuses,
      ['source', 'Twitter', SOURCE_MESSAGE],
      ['budget', -1, 'Budget cannot be negative'],
      ['budget', 'abc', 'Budget must be a number'],
      ['projectType', 'Castle', 'Choose a project type'],
      ['location', chars(256), 'Location is too long'],
      ['requirements', chars(5001), 'Requirements are too long (5000 characters at most)'],
      ['notes', chars(5001), 'Notes are too long (5000 characters at most)'],
      ['assignedTo', 'No Body', 'Choose an active employee from the list'],
      ['status', 'Closed', 'Choose a lead status'],
      ['priority', 'critical', 'Choose a priority'],
      ...date.refuses,
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it('sends only the fields that change: nothing is defaulted', async () => {
    expect((await validate(leadUpdateSchema, { version: 2 })).value).toEqual({ version: 2 });
    expect((await validate(leadUpdateSchema, { version: 2, nextFollowUp: null, budget: '1,000' })).value).toEqual({
      version: 2,
      nextFollowUp: null,
      budget: 1000,
    });
  });
});

describe('leadListQuerySchema (GET /api/leads)', () => {
  const paging = rows.listQuery(25);
  testRows(leadListQuerySchema, {}, {
    accepts: [
      ['status', undefined, undefined],
      ...LEAD_STATUSES.map((status): Accepts => ['status', status, status]),
      ...LEAD_SOURCES.map((source): Accepts => ['source', source, source]),
      ...LEAD_PROJECT_TYPES.map((type): Accepts => ['projectType', type, type]),
      ['assignedTo', chars(100), chars(100)],
      ['sort', undefined, 'created'],
      ['sort', 'followUp', 'followUp'],
      ...paging.accepts,
    ],
    refuses: [
      // Query values come from our own UI: exact values only.
      ['status', 'won', 'Unknown status'],
      ['source', 'Twitter', 'Unknown source'],
      ['projectType', 'villa', 'Unknown project type'],
      ['assignedTo', chars(101), 'assignedTo must be at most 100 characters'],
      ['sort', 'name', 'sort must be created or followUp'],
      ['limit', 'all', 'limit must be a number'],
      ...paging.refuses,
    ],
  });
});

describe('leadImportRowSchema (one bulk import line)', () => {
  const { accepts, refuses } = fieldRules(leadImportRowSchema, { name: 'Ravi', phone: '9848012345', source: 'Website' });
  const line = leadLineRows();

  it.each(titled<Accepts>(line.accepts))('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ...line.refuses,
      // Unlike the dialog, an import line must name its source.
      ['source', undefined, 'Source is required'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it('keeps only the SPEC.md line fields: status and assignee are set by the import', async () => {
    const { value } = await validate(leadImportRowSchema, {
      name: 'Ravi',
      phone: '9848012345',
      source: 'website',
      status: 'Won',
      assignedTo: 'Assistant 1',
    });
    expect(value).toEqual({
      name: 'Ravi',
      phone: '9848012345',
      email: '',
      source: 'Website',
      budget: 0,
      projectType: '',
      location: '',
      requirements: '',
    });
  });
});

describe('bulkImportSchema (POST /api/leads/bulk-import)', () => {
  const row = { name: 'Ravi', phone: '9848012345', source: 'Website' };
  const { accepts, refuses } = fieldRules(bulkImportSchema, { leadsData: [row] });
  const rowsOf = (count: number) => Array.from({ length: count }, () => row);

  it.each(
    titled<Accepts>([
      ['leadsData', rowsOf(1), rowsOf(1)],
      ['leadsData', rowsOf(BULK_IMPORT_MAX_ROWS), rowsOf(BULK_IMPORT_MAX_ROWS)],
      // Rows are checked one by one later (leadImportRowSchema): a bad row does not refuse the import.
      ['leadsData', [{ name: '' }], [{ name: '' }]],
      ['includeDuplicates', undefined, []],
      ['includeDuplicates', [0, 3], [0, 3]],
      ['dryRun', undefined, false],
      ['dryRun', true, true],
      ['dryRun', 'true', true],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['leadsData', undefined, 'leadsData is required'],
      ['leadsData', [], 'Please enter lead data'],
      ['leadsData', rowsOf(BULK_IMPORT_MAX_ROWS + 1), `At most ${BULK_IMPORT_MAX_ROWS} rows per import`],
      ['leadsData', 'Ravi, 9848012345', 'leadsData must be a list'],
      ['leadsData', [null], 'leadsData[0] is a required field', 'leadsData[0]'],
      ['includeDuplicates', [-1], 'includeDuplicates[0] must be greater than or equal to 0', 'includeDuplicates[0]'],
      ['includeDuplicates', [1.5], 'includeDuplicates[0] must be an integer', 'includeDuplicates[0]'],
      [
        'dryRun',
        'maybe',
        'dryRun must be a `boolean` type, but the final value was: `"maybe"`.',
      ],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));
});

describe('bulkUpdateSchema (POST /api/leads/bulk-update)', () => {
  const { accepts, refuses } = fieldRules(bulkUpdateSchema, { ids: ['lead-1'], status: 'Won' });
  const ids = (count: number) => Array.from({ length: count }, (_, index) => `lead-${index}`);

  it.each(
    titled<Accepts>([
      ['ids', ids(BULK_UPDATE_MAX_IDS), ids(BULK_UPDATE_MAX_IDS)],
      ['ids', [chars(64)], [chars(64)]],
      ['status', 'quoted', 'Quoted'],
      ['assignedTo', '', ''],
      ['assignedTo', 'assistant 1', SALESPERSON_IDS['Assistant 1']],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['ids', undefined, 'No leads selected'],
      ['ids', [], 'No leads selected'],
      ['ids', ids(BULK_UPDATE_MAX_IDS + 1), `At most ${BULK_UPDATE_MAX_IDS} leads at once`],
      ['ids', 'lead-1', 'ids must be a list'],
      ['ids', [chars(65)], 'ids[0] must be at most 64 characters', 'ids[0]'],
      ['status', 'Closed', 'Choose a lead status'],
      ['assignedTo', 'No Body', 'Choose an active employee from the list'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it('needs a salesperson or a status to change', async () => {
    expect((await validate(bulkUpdateSchema, { ids: ['lead-1'] })).errors).toEqual({ _: 'Choose a salesperson or a status' });
    expect((await validate(bulkUpdateSchema, { ids: ['lead-1'], assignedTo: '' })).errors).toEqual({});
  });
});

describe('communicationSchema (POST /api/leads/:id/communications)', () => {
  const { accepts, refuses } = fieldRules(communicationSchema, { type: 'note', content: 'Called, no answer' });

  it.each(
    titled<Accepts>([
      ...COMMUNICATION_TYPES.map((type): Accepts => ['type', type, type]),
      ['content', '  Sent the quote  ', 'Sent the quote'],
      ['content', chars(5000), chars(5000)],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['type', undefined, 'Type is required'],
      // Website entries are written by the server only; list values are exact here.
      ['type', 'form_submission', 'Choose note, call, WhatsApp or email'],
      ['type', 'Call', 'Choose note, call, WhatsApp or email'],
      ...rows.required('content', 'Write what happened'),
      ['content', chars(5001), 'At most 5000 characters'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));
});

describe('conversionRate (SPEC.md 9)', () => {
  it.each([
    [0, 0, 0],
    [2, 7, 28.6],
    [1, 2, 50],
    [1, 3, 33.3],
    [7, 7, 100],
  ])('%i won of %i is %d%%', (won, total, rate) => {
    expect(conversionRate(won, total)).toBe(rate);
  });
});

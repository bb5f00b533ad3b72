import { MASKED_VALUE } from '@app/shared-types/audit';
import { describe, expect, it } from 'vitest';
import { actorLabel, diffRows, entityLabel, entryTitle, humanize, knownNames, parseAuditFilters, pathLabel, recordName, recordPath } from './model';

describe('audit viewer model', () => {
  it('reads the filters from the URL, dropping unknown entities and malformed dates', () => {
    expect(parseAuditFilters(new URLSearchParams('entity=Vendor&actorId=u-1&from=2026-11-01&to=2026-11-30'))).toEqual({
      entity: 'Vendor',
      actorId: 'u-1',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseAuditFilters(new URLSearchParams('entity=Spaceship&from=yesterday&to=2026-13'))).toEqual({ entity: '', actorId: '', from: '', to: '' });
  });

  it('spells field paths out for readers', () => {
    expect(humanize('companyName')).toBe('Company name');
    expect(humanize('gstNumber')).toBe('GST number');
    expect(humanize('0')).toBe('#1');
    expect(pathLabel('company.social.instagram')).toBe('Company › Social › Instagram');
    expect(pathLabel('stages.1.amount')).toBe('Stages › #2 › Amount');
    expect(entityLabel('RatePrice')).toBe('Rate library: price');
    expect(entityLabel('BlogPost')).toBe('Blog post');
  });

  it('turns changes into one row per changed leaf: nested objects flattened, their unchanged leaves left out, lists joined, masks kept', () => {
    const rows = diffRows({
      address: { before: { city: 'Hyderabad', pincode: '500001' }, after: { city: 'Secunderabad', pincode: '500001' } },
      stages: { before: [{ name: 'Advance', percent: 40 }], after: [{ name: 'Advance', percent: 50 }, { name: 'Final', percent: 50 }] },
      tags: { before: ['a'], after: ['a', 'b'] },
      panNumber: { before: MASKED_VALUE, after: MASKED_VALUE },
      active: { before: true, after: false },
    });
    expect(rows.map(({ label, before, after }) => [label, before, after])).toEqual([
      ['Address › City', 'Hyderabad', 'Secunderabad'],
      ['Stages › #1 › Percent', '40', '50'],
      ['Stages › #2 › Name', '—', 'Final'],
      ['Stages › #2 › Percent', '—', '50'],
      ['Tags', 'a', 'a, b'],
      ['PAN number', MASKED_VALUE, MASKED_VALUE],
      ['Active', 'Yes', 'No'],
    ]);
  });

  it('labels a path the caller knows by its label', () => {
    const rows = diffRows({ 'company.companyName': { before: 'A', after: 'B' } }, (path) => (path === 'company.companyName' ? 'Company Name' : undefined));
    expect(rows).toEqual([{ path: 'company.companyName', label: 'Company Name', before: 'A', after: 'B' }]);
  });

  it('links the records the portal has a screen for, and none other', () => {
    expect(recordPath('Lead', 'lead 1')).toBe('leads?lead=lead%201');
    expect(recordPath('Customer', 'c-1')).toBe('projects?tab=customers&customer=c-1');
    expect(recordPath('RatePrice', 'p-1')).toBeNull();
  });
});

describe('names instead of ids', () => {
  const actor = { id: '104b8d88-2de5-4d6f-bd3a-9dba9f3a9180', name: 'Administrator', email: 'admin@example.com' };
  const employeeId = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';
  const changes = {
    userId: { before: null, after: employeeId },
    user: { before: null, after: { name: 'Asha Verma', department: '' } },
    recordedBy: { before: null, after: actor.id },
    checkIn: { before: null, after: '2026-11-27T04:30:00.000Z' },
  };

  it("shows an attendance day's employee and its recorder by name, times in Asia/Kolkata, and no empty row for a created object", () => {
    const rows = diffRows(changes, undefined, knownNames({ actor, entity: 'Attendance', changes }));
    expect(rows.map(({ label, before, after }) => [label, before, after])).toEqual([
      ['User ID', '—', 'Asha Verma'],
      ['User › Name', '—', 'Asha Verma'],
      ['Recorded by', '—', 'Administrator'],
      ['Check in', '—', '27 Nov 2026, 10:00 am'],
    ]);
  });

  it("names a record by its stored title, else by a name its changes hold, and titles a card without saying the entity twice", () => {
    expect(recordName({ entity: 'Lead', entityId: 'x', title: 'Meera Iyer', changes: {} })).toBe('Meera Iyer');
    expect(recordName({ entity: 'Customer', entityId: employeeId, changes: { firstName: { before: null, after: 'Meera' }, lastName: { before: null, after: 'Nair' } } })).toBe('Meera Nair');
    expect(recordName({ entity: 'Attendance', entityId: `${employeeId}-2026-11-27`, changes: {} })).toBe('A day, 27 Nov 2026');
    expect(recordName({ entity: 'Vendor', entityId: employeeId, changes: {} })).toBe('Vendor (name not recorded)');
    expect(entryTitle({ entity: 'Backup', action: 'restore' })).toBe('Backup restored');
    expect(entryTitle({ entity: 'BlogPost', action: 'update' })).toBe('Blog post updated');
    expect(actorLabel({ id: employeeId, name: '', email: '' })).toBe('A staff member (name not recorded)');
    expect(actorLabel({ id: 'website', name: '', email: '' })).toBe('website');
  });
});

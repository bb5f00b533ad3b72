import { describe, expect, it } from 'vitest';
import { auditEntrySchema } from './audit';
import { customerSchema } from './customers';
import { leadSchema } from './leads';
import { storedProjectSchema } from './projects';
import { vendorSchema } from './vendors';

/**
 * The stored-shape schemas the entity layer parses every item with: keys and
 * index attributes are dropped, fields an older item lacks get their
 * defaults, and an item that is not one of its kind is refused.
 */

const stored = { id: 'x1', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 3 };
const keysOf = { pk: 'X#x1', sk: 'X', gsi1pk: 'XS', gsi1sk: 'a#x1', entityType: 'X', searchText: 'a b' };
const parse = (schema: { validateSync: (value: unknown, options: object) => unknown }, item: object) =>
  schema.validateSync(item, { stripUnknown: true });

describe('stored-shape schemas', () => {
  it('read a lead from before the estimate and conversion fields, without its keys', () => {
    const lead = parse(leadSchema, {
      ...keysOf,
      ...stored,
      name: 'Old Lead',
      phone: '9123456789',
      source: 'Website',
      status: 'New',
      lastContactedAt: stored.createdAt,
      phoneKey: '9123456789',
    });
    // The fields it lacks get their defaults; nothing else is added. An ad lead's platform fields, the
    // time of a first response and the WhatsApp consent stay absent until a lead has them (issue 26).
    expect(lead).toMatchObject({ ...stored, email: '', budget: 0, priority: 'medium', nextFollowUp: null, conversion: null, estimate: null });
    const absentUntilSet = new Set(['platform', 'campaignId', 'adSetId', 'adId', 'formId', 'isTest', 'firstResponseAt', 'whatsappConsent', 'whatsappConsentAt']);
    expect(Object.keys(lead as object).sort()).toEqual(Object.keys(leadSchema.fields).filter((field) => !absentUntilSet.has(field)).sort());
  });

  it('keep a lead assigned to someone no longer in the team list', () => {
    const lead = parse(leadSchema, { ...stored, name: 'A', phone: '9123456789', source: 'Website', lastContactedAt: 'x', assignedTo: 'Former Staff' });
    expect(lead).toMatchObject({ assignedTo: 'Former Staff' });
  });

  it.each([
    ['customer', customerSchema, { firstName: 'Meera', phone: '9123456789' }, { lastName: '', projectCount: 0, leadId: null }],
    ['vendor', vendorSchema, { name: 'V', category: 'civil', phone: '9123456789' }, { rating: 5, status: 'active', documents: [], creditLimit: null }],
    [
      'project',
      storedProjectSchema,
      { customerId: 'c1', name: 'P', projectType: '3BHK' },
      { customerName: '', images: [], status: 'planning', publicStatus: null, showOnWebsite: false, leadId: null },
    ],
  ])('read a %s with the defaults of the fields it lacks', (_name, schema, fields, defaults) => {
    const item = parse(schema, { ...keysOf, ...stored, ...fields });
    expect(item).toMatchObject({ ...stored, ...fields, ...defaults });
    expect(item).not.toHaveProperty('pk');
    expect(item).not.toHaveProperty('searchText');
  });

  it.each([
    ['lead without a version', leadSchema, { ...stored, version: undefined, name: 'A', phone: '9123456789', source: 'Website', lastContactedAt: 'x' }],
    ['lead with an unknown status', leadSchema, { ...stored, name: 'A', phone: '9123456789', source: 'Website', status: 'Maybe', lastContactedAt: 'x' }],
    ['customer without an id', customerSchema, { ...stored, id: undefined, firstName: 'M', phone: '9123456789' }],
    ['vendor with an unknown category', vendorSchema, { ...stored, name: 'V', category: 'castles', phone: '9123456789' }],
    ['project photo without a url', storedProjectSchema, { ...stored, customerId: 'c', name: 'P', projectType: '3BHK', images: [{ id: 'p1' }] }],
    ['audit entry of an unknown action', auditEntrySchema, { id: 'a', at: 'x', actor: { id: 'e' }, entity: 'Lead', entityId: 'l', action: 'erase', changes: {} }],
  ])('refuse a %s', (_name, schema, item) => {
    expect(() => parse(schema, item)).toThrow();
  });

  it('read an audit entry with its changes as recorded', () => {
    const entry = { id: 'a', at: 'x', actor: { id: 'e', name: 'Asha', email: 'a@b.in' }, entity: 'Lead', entityId: 'l', action: 'update', requestId: 'r' };
    const changes = { status: { before: 'New', after: 'Won' } };
    // An entry written before titles were kept reads with an empty one (the log then names the record from its changes).
    expect(parse(auditEntrySchema, { ...keysOf, ...entry, changes })).toEqual({ ...entry, changes, title: '' });
  });
});

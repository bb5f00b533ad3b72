import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { CONTACT_PROJECT_TYPES, MATERIALS, PROPERTY_TYPES, ROOM_SCOPES } from './constants';
import { customerCreateSchema, customerListQuerySchema } from './customers';
import { NAME_AND_PHONE_REQUIRED, communicationSchema, leadCreateSchema, leadImportRowSchema, leadUpdateSchema } from './leads';
import { leadConversionSchema, projectCreateSchema } from './projects';
import { vendorCreateSchema } from './vendors';
import {
  HONEYPOT_FIELD,
  calculatorSchema,
  contactSchema,
  email,
  oneOfList,
  optionalDate,
  pageLimit,
  parseRupees,
  phoneNumber,
  rupees,
  rupeesOrNull,
  multilineText,
  text,
  STORED_PARSE_OPTIONS,
} from './forms';
import { chars, fieldRules, rows, testRows, titled, validate, type Accepts, type Refuses } from './schema-test-kit';

describe('public form schemas', () => {
  it('trims text and keeps the form defaults', async () => {
    const value = await calculatorSchema.validate({
      bhk: '2bhk',
      area: '1200',
      material: 'basic',
      rooms: 'all',
      name: '  Priya  ',
      phone: ' 98480 12345 ',
      city: ' Hyderabad ',
    });
    expect(value).toMatchObject({ name: 'Priya', phone: '98480 12345', city: 'Hyderabad', area: 1200, email: '' });
  });

  it('rejects arrays and objects in text fields as validation errors, not crashes', async () => {
    await expect(contactSchema.validateAt('email', { email: ['a@b.co'] })).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'Must be text',
    });
    await expect(contactSchema.validateAt('firstName', { firstName: { $gt: '' } })).rejects.toMatchObject({
      name: 'ValidationError',
    });
  });

  it('treats a blank-only name as missing', async () => {
    await expect(calculatorSchema.validateAt('name', { name: '   ' })).rejects.toThrow('Full name is required');
  });
});

describe('field helpers', () => {
  const helpers = yup.object({
    text: text().max(5, 'too long'),
    email: email(),
    phone: phoneNumber('Say a phone number'),
    amount: rupees('Amount'),
    orNull: rupeesOrNull('Fee'),
    date: optionalDate(),
    limit: pageLimit(25),
    source: oneOfList(['Website', 'Direct Call'] as const, 'Pick a source'),
  });
  const valid = { phone: '9848012345', amount: 0, source: 'Website' };
  const { accepts, refuses } = fieldRules(helpers, valid);
  const phone = rows.phone('phone');
  const mail = rows.email('email');
  const date = rows.date('date');

  it.each(
    titled<Accepts>([
      ['text', '  abc  ', 'abc'],
      ['text', 'abcde', 'abcde'],
      ['email', undefined, ''],
      ['email', '', ''],
      ...mail.accepts,
      ...phone.accepts,
      ['amount', 0, 0],
      ['amount', 1_000_000_000_000, 1_000_000_000_000],
      ['amount', 1250.5, 1250.5],
      ['orNull', '12,50,000.50', 1_250_000.5],
      ['orNull', '₹ 1,250.5', 1250.5],
      ['orNull', '0', 0],
      ['orNull', '', null],
      ['orNull', null, null],
      ['orNull', undefined, null],
      ['orNull', 25000, 25000],
      ['orNull', '10,00,00,00,00,000', 1_000_000_000_000],
      ...date.accepts,
      ['date', undefined, null],
      // Issue 24: from 1990 to 2100.
      ['date', '1990-01-01', '1990-01-01'],
      ['date', '2100-12-31', '2100-12-31'],
      ['limit', undefined, 25],
      ['limit', 1, 1],
      ['limit', '100', 100],
      ['source', 'website', 'Website'],
      ['source', ' DIRECT CALL ', 'Direct Call'],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['text', 'abcdef', 'too long'],
      ['text', ['a'], 'Must be text'],
      ['text', { $gt: '' }, 'Must be text'],
      ...mail.refuses,
      ...rows.required('phone', 'Say a phone number'),
      ...phone.refuses,
      ['amount', -0.01, 'Amount cannot be negative'],
      ['amount', 1_000_000_000_000.01, 'Amount is too large'],
      ['amount', 'lots', 'Amount must be an amount in rupees (up to two decimals)'],
      ['orNull', '1.234', 'Fee must be an amount in rupees (up to two decimals)'],
      ['orNull', '12 lakh', 'Fee must be an amount in rupees (up to two decimals)'],
      ['orNull', '-5', 'Fee must be an amount in rupees (up to two decimals)'],
      ['orNull', -5, 'Fee cannot be negative'],
      ['orNull', '10,00,00,00,00,000.01', 'Fee is too large'],
      ['orNull', [1], 'Fee must be an amount in rupees (up to two decimals)'],
      ...date.refuses,
      ['date', ['2026-01-01'], 'Must be a date'],
      ['date', '0000-01-01', 'Enter a date from 1990 to 2100'],
      ['date', '1989-12-31', 'Enter a date from 1990 to 2100'],
      ['date', '2101-01-01', 'Enter a date from 1990 to 2100'],
      ['limit', 0, 'limit must be at least 1'],
      ['limit', 101, 'limit must be at most 100'],
      ['limit', 2.5, 'limit must be a whole number'],
      ['limit', 'ten', 'limit must be a number'],
      ['source', 'Webs', 'Pick a source'],
      ['source', '', 'Pick a source'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it('parseRupees reads amounts as typed: blank is null, anything else not an amount is NaN', () => {
    expect(['5,00,000', '₹1250.50', ' 7 ', 12.5, '', null, undefined].map(parseRupees)).toEqual([500000, 1250.5, 7, 12.5, null, null, null]);
    expect(['1.234', '1.', '.5', '-1', 'abc', true].map(parseRupees)).toEqual([NaN, NaN, NaN, NaN, NaN, NaN]);
  });

  it('fieldMessages keeps the first message of each field and names a whole-value error "_"', async () => {
    const schema = yup
      .object({ a: text().min(3, 'A is short').matches(/^\d+$/, 'A is digits only'), b: text().required('B is required') })
      .test('whole', 'Whole value is wrong', (value) => value.a !== '999');
    expect((await validate(schema, { a: 'ab' })).errors).toEqual({ a: 'A is short', b: 'B is required' });
    expect((await validate(schema, { a: '999', b: 'x' })).errors).toEqual({ _: 'Whole value is wrong' });
  });
});

const validCalculator = {
  bhk: '2bhk',
  area: 1200,
  material: 'basic',
  rooms: 'all',
  name: 'Priya',
  phone: '9848012345',
  city: 'Hyderabad',
};

describe('calculatorSchema', () => {
  const { accepts, refuses } = fieldRules(calculatorSchema, validCalculator);
  const name = rows.maxLength('name', 100, 'Full name is too long');
  const city = rows.maxLength('city', 100, 'City is too long');
  const phone = rows.phone('phone');
  const mail = rows.email('email');

  it.each(
    titled<Accepts>([
      ...PROPERTY_TYPES.map((bhk): Accepts => ['bhk', bhk, bhk]),
      ...MATERIALS.map((material): Accepts => ['material', material, material]),
      ...ROOM_SCOPES.map((rooms): Accepts => ['rooms', rooms, rooms]),
      ['area', 100, 100],
      ['area', '100000', 100000],
      ['area', 1250.5, 1250.5],
      ...name.accepts,
      ...city.accepts,
      ...phone.accepts,
      ['email', undefined, ''],
      ...mail.accepts,
      [HONEYPOT_FIELD, undefined, ''],
      [HONEYPOT_FIELD, chars(2000), chars(2000)],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['bhk', undefined, 'Property type is required'],
      ['bhk', '2BHK', 'Choose a property type'],
      ['bhk', '5bhk', 'Choose a property type'],
      ['material', undefined, 'Material preference is required'],
      ['material', 'gold', 'Choose a material preference'],
      ['rooms', undefined, 'Rooms to design is required'],
      ['rooms', 'garage', 'Choose the rooms to design'],
      ['area', undefined, 'Carpet area is required'],
      ['area', 99, 'Carpet area must be at least 100 sq ft'],
      ['area', 0, 'Carpet area must be at least 100 sq ft'],
      ['area', 100001, 'Carpet area must be at most 1,00,000 sq ft'],
      ['area', '', 'Carpet area is required'],
      ['area', 'big', 'Carpet area must be a number'],
      ...rows.required('name', 'Full name is required'),
      ...name.refuses,
      ...rows.required('phone', 'Phone number is required'),
      ...phone.refuses,
      ...mail.refuses,
      ...rows.required('city', 'City is required'),
      ...city.refuses,
      [HONEYPOT_FIELD, chars(2001), 'website must be at most 2000 characters'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it('reports every missing field of an empty form at once, with the SPEC messages', async () => {
    expect((await validate(calculatorSchema, {})).errors).toEqual({
      bhk: 'Property type is required',
      area: 'Carpet area is required',
      material: 'Material preference is required',
      rooms: 'Rooms to design is required',
      name: 'Full name is required',
      phone: 'Phone number is required',
      city: 'City is required',
    });
  });
});

const validContact = { firstName: 'Priya', lastName: 'Nair', email: 'priya@example.com', phone: '9848012345' };

describe('contactSchema', () => {
  const { accepts, refuses } = fieldRules(contactSchema, validContact);
  const firstName = rows.maxLength('firstName', 60, 'First name is too long');
  const lastName = rows.maxLength('lastName', 60, 'Last name is too long');
  const message = rows.maxLength('message', 5000, 'Message is too long (5000 characters at most)');
  const phone = rows.phone('phone');
  const mail = rows.email('email');

  it.each(
    titled<Accepts>([
      ...firstName.accepts,
      ...lastName.accepts,
      ...mail.accepts,
      ...phone.accepts,
      ['projectType', undefined, ''],
      ['projectType', '', ''],
      ...CONTACT_PROJECT_TYPES.map((type): Accepts => ['projectType', type, type]),
      ['message', undefined, ''],
      ...message.accepts,
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ...rows.required('firstName', 'First name is required'),
      ...firstName.refuses,
      ...rows.required('lastName', 'Last name is required'),
      ...lastName.refuses,
      ...rows.required('email', 'Email address is required'),
      ...mail.refuses,
      ...rows.required('phone', 'Phone number is required'),
      ...phone.refuses,
      ['projectType', 'Residential', 'Choose a project type'],
      ['projectType', 'villa', 'Choose a project type'],
      ['projectType', 'Not sure yet', 'Choose a project type'],
      ...message.refuses,
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));
});

/**
 * One text rule for every free-text field (issue 11, item 5): each field of
 * each schema is listed with whether it is multi-line and, when required, its
 * required message; the table checks the whole rule on it.
 */
describe('the shared free-text rule', () => {
  describe('on the helpers', () => {
    const helpers = yup.object({
      line: text(),
      lines: multilineText(),
      name: text().required('Name is required'),
      note: multilineText().required('Write something'),
    });
    const valid = { name: 'Asha', note: 'Called' };
    testRows(helpers, valid, rows.freeText('line', { multiline: false }), 'text() ');
    testRows(helpers, valid, rows.freeText('lines', { multiline: true }), 'multilineText() ');
    testRows(helpers, valid, rows.freeText('name', { multiline: false, required: 'Name is required' }), 'required text() ');
    testRows(helpers, valid, rows.freeText('note', { multiline: true, required: 'Write something' }), 'required multilineText() ');

    it('reads stored text as it is (items stored before the rule still parse)', () => {
      const stored = { line: ' a\u0000\u202E ', name: '\u200B', note: 'x\u001b' };
      expect(helpers.validateSync(stored, STORED_PARSE_OPTIONS)).toMatchObject(stored);
    });
  });

  type Field = readonly [field: string, multiline: boolean, required?: string];
  const schemas: [name: string, schema: yup.AnyObjectSchema, valid: Record<string, unknown>, fields: Field[]][] = [
    [
      'calculator',
      calculatorSchema,
      { bhk: '2bhk', area: 1200, material: 'basic', rooms: 'all', name: 'Priya', phone: '9848012345', city: 'Hyderabad' },
      [['name', false, 'Full name is required'], ['city', false, 'City is required']],
    ],
    [
      'contact',
      contactSchema,
      { firstName: 'Rahul', lastName: 'Menon', email: 'rahul@example.com', phone: '9000011111' },
      [['firstName', false, 'First name is required'], ['lastName', false, 'Last name is required'], ['message', true]],
    ],
    [
      'customer',
      customerCreateSchema,
      { firstName: 'Meera', phone: '9848011111' },
      [['firstName', false, 'First name is required'], ['lastName', false], ['address', true], ['city', false], ['notes', true]],
    ],
    ['customer list query', customerListQuerySchema, {}, [['q', false]]],
    [
      'new lead',
      leadCreateSchema,
      { name: 'Asha', phone: '9848011111' },
      [['name', false, NAME_AND_PHONE_REQUIRED], ['location', false], ['requirements', true], ['notes', true]],
    ],
    ['lead edit', leadUpdateSchema, { version: 1 }, [['location', false], ['requirements', true], ['notes', true]]],
    ['imported lead row', leadImportRowSchema, { name: 'Asha', phone: '9848011111', source: 'Website' }, [['name', false, NAME_AND_PHONE_REQUIRED], ['location', false], ['requirements', true]]],
    ['communication', communicationSchema, { type: 'note' }, [['content', true, 'Write what happened']]],
    [
      'project',
      projectCreateSchema,
      { customerId: 'customer-1', name: 'Verma villa', projectType: 'Villa' },
      [
        ['name', false, 'Project name is required'],
        ['description', true],
        ['siteAddress', true],
        ['requirements', true],
        ['notes', true],
        ['title', false],
        ['category', false],
        ['area', false],
        ['location', false],
      ],
    ],
    [
      'lead conversion',
      leadConversionSchema,
      { customer: { firstName: 'Ravi' }, version: 4 },
      [['customer.firstName', false, 'First name is required'], ['customer.lastName', false], ['customer.address', true], ['customer.city', false]],
    ],
    [
      'vendor',
      vendorCreateSchema,
      { name: 'Deccan Stones', category: 'flooring', phone: '9000011111' },
      [
        ['name', false, 'Vendor name is required'],
        ['specialization', false],
        ['contactPerson', false],
        ['address', true],
        ['city', false],
        ['state', false],
        ['bankDetails', true],
        ['paymentTerms', false],
        ['notes', true],
      ],
    ],
  ];

  for (const [name, schema, valid, fields] of schemas) {
    describe(`on the ${name} form`, () => {
      for (const [field, multiline, required] of fields) {
        testRows(schema, valid, rows.freeText(field, { multiline, ...(required ? { required } : {}) }), `${field}: `);
      }
    });
  }

  it('refuses a vendor document of only zero-width characters or with a control character', async () => {
    const { refuses } = fieldRules(vendorCreateSchema, { name: 'Deccan Stones', category: 'flooring', phone: '9000011111' });
    await refuses('documents', ['\u200B\u2060'], 'A document cannot be blank', 'documents[0]');
    await refuses('documents', ['a\u0000.pdf'], 'Contains characters that are not allowed', 'documents[0]');
  });
});

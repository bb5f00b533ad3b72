import { describe, expect, it } from 'vitest';
import { customerCreateSchema, customerListQuerySchema, customerUpdateSchema } from './customers';
import { chars, fieldRules, rows, titled, validate, type Accepts, type Refuses } from './schema-test-kit';

const validCustomer = { firstName: 'Meera', phone: '9848011111' };

/** The rules of every customer field, shared by create and update. */
function customerRows() {
  const firstName = rows.maxLength('firstName', 100, 'First name is too long (100 characters at most)');
  const lastName = rows.maxLength('lastName', 100, 'Last name is too long (100 characters at most)');
  const address = rows.maxLength('address', 500, 'Address is too long (500 characters at most)');
  const city = rows.maxLength('city', 100, 'City is too long (100 characters at most)');
  const notes = rows.maxLength('notes', 5000, 'Notes are too long (5000 characters at most)');
  const phone = rows.phone('phone');
  const mail = rows.email('email');
  const accepts: Accepts[] = [
    ...firstName.accepts,
    ['lastName', undefined, ''],
    ...lastName.accepts,
    ...phone.accepts,
    ['email', undefined, ''],
    ['email', '', ''],
    ...mail.accepts,
    ['address', undefined, ''],
    ...address.accepts,
    ['city', undefined, ''],
    ...city.accepts,
    ['notes', undefined, ''],
    ...notes.accepts,
  ];
  const refuses: Refuses[] = [
    ...rows.required('firstName', 'First name is required'),
    ...firstName.refuses,
    ...lastName.refuses,
    ...rows.required('phone', 'Phone number is required'),
    ...phone.refuses,
    ...mail.refuses,
    ...address.refuses,
    ...city.refuses,
    ...notes.refuses,
  ];
  return { accepts, refuses };
}

describe('customerCreateSchema (POST /api/customers)', () => {
  const { accepts, refuses } = fieldRules(customerCreateSchema, validCustomer);
  const fields = customerRows();

  it.each(titled<Accepts>(fields.accepts))('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));
  it.each(titled<Refuses>(fields.refuses))('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it('names every missing and wrong field of an empty dialog at once, and fills the defaults', async () => {
    expect((await validate(customerCreateSchema, { email: 'not-an-email' })).errors).toEqual({
      firstName: 'First name is required',
      phone: 'Phone number is required',
      email: 'Enter a valid email address',
    });
    expect((await validate(customerCreateSchema, { firstName: ' Meera ', lastName: 'Iyer', phone: '+91 98480 11111', version: 4 })).value).toEqual({
      firstName: 'Meera',
      lastName: 'Iyer',
      phone: '+91 98480 11111',
      email: '',
      address: '',
      city: '',
      notes: '',
    });
  });
});

describe('customerUpdateSchema (PUT /api/customers/:id)', () => {
  const { accepts, refuses } = fieldRules(customerUpdateSchema, { ...validCustomer, version: 2 });
  const fields = customerRows();

  it.each(titled<Accepts>([...fields.accepts, ['version', 1, 1], ['version', '12', 12]]))('accepts %s', (_title, field, input, cleaned) =>
    accepts(field, input, cleaned),
  );
  it.each(titled<Refuses>([...fields.refuses, ...rows.version()]))('refuses %s', (_title, field, input, message, path) =>
    refuses(field, input, message, path),
  );
});

describe('customerListQuerySchema (GET /api/customers)', () => {
  const { accepts, refuses } = fieldRules(customerListQuerySchema, {});

  it.each(
    titled<Accepts>([
      ['q', undefined, undefined],
      ['q', ' meera ', 'meera'],
      ['q', chars(100), chars(100)],
      ['limit', undefined, 24],
      ['limit', '1', 1],
      ['limit', '100', 100],
      ['cursor', chars(2048), chars(2048)],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['q', chars(101), 'Search is too long'],
      ['limit', '0', 'limit must be at least 1'],
      ['limit', '101', 'limit must be at most 100'],
      ['limit', '1.5', 'limit must be a whole number'],
      ['cursor', chars(2049), 'cursor must be at most 2048 characters'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));
});

import { describe, expect, it } from 'vitest';
import { customerCreateSchema, customerListQuerySchema, customerUpdateSchema } from './customers';
import { rows, testRows, validate, type Accepts, type Refuses } from './schema-test-kit';

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
  testRows(customerCreateSchema, validCustomer, customerRows());

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
  const fields = rows.versioned(customerRows());
  testRows(customerUpdateSchema, { ...validCustomer, version: 2 }, { ...fields, accepts: [...fields.accepts, ['version', '12', 12]] });
});

describe('customerListQuerySchema (GET /api/customers)', () => {
  const paging = rows.listQuery(24);
  testRows(customerListQuerySchema, {}, { accepts: [['q', undefined, undefined], ...paging.accepts], refuses: paging.refuses });
});

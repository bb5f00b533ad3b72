import { describe, expect, it } from 'vitest';
import { chars, rows, testRows, validate, type Accepts, type Refuses } from './schema-test-kit';
import {
  VENDOR_CATEGORIES,
  VENDOR_MAX_DOCUMENTS,
  VENDOR_STATUSES,
  vendorCreateSchema,
  vendorListQuerySchema,
  vendorUpdateSchema,
} from './vendors';

const validVendor = { name: 'Deccan Stones', category: 'flooring', phone: '9000011111' };

const RATING = 'Rating must be a whole number from 1 to 5';
const GST = 'Enter a valid 15-character GST number, e.g. 36AABCU9603R1ZM';
const PAN = 'Enter a valid 10-character PAN, e.g. AABCU9603R';
const PINCODE = 'Pincode must be 6 digits';
const TOTAL_ORDERS = 'Total orders must be a whole number';

const TEXT_LIMITS: [field: string, max: number, message: string][] = [
  ['specialization', 200, 'Specialization is too long (200 characters at most)'],
  ['contactPerson', 200, 'Contact person is too long (200 characters at most)'],
  ['address', 500, 'Address is too long (500 characters at most)'],
  ['city', 100, 'City is too long (100 characters at most)'],
  ['state', 100, 'State is too long (100 characters at most)'],
  ['bankDetails', 1000, 'Bank details are too long (1000 characters at most)'],
  ['paymentTerms', 200, 'Payment terms are too long (200 characters at most)'],
  ['notes', 5000, 'Notes are too long (5000 characters at most)'],
];

const documents = (count: number) => Array.from({ length: count }, (_, index) => `doc-${index}.pdf`);

/** The rules of every vendor field, shared by create and update. */
function vendorRows() {
  const name = rows.maxLength('name', 200, 'Vendor name is too long (200 characters at most)');
  const texts = TEXT_LIMITS.map(([field, max, message]) => rows.maxLength(field, max, message));
  const phone = rows.phone('phone');
  const alternatePhone = rows.phone('alternatePhone');
  const mail = rows.email('email');
  const accepts: Accepts[] = [
    ...name.accepts,
    ...VENDOR_CATEGORIES.map((category): Accepts => ['category', category, category]),
    ['category', ' Civil ', 'civil'],
    ...texts.flatMap((limits) => limits.accepts),
    ...TEXT_LIMITS.map(([field]): Accepts => [field, undefined, '']),
    ...phone.accepts,
    ['alternatePhone', undefined, ''],
    ['alternatePhone', '', ''],
    ['alternatePhone', '   ', ''],
    ...alternatePhone.accepts,
    ['email', undefined, ''],
    ...mail.accepts,
    ['pincode', undefined, ''],
    ['pincode', '', ''],
    ['pincode', ' 500081 ', '500081'],
    ['gstNumber', undefined, ''],
    ['gstNumber', '', ''],
    ['gstNumber', '36AABCU9603R1ZM', '36AABCU9603R1ZM'],
    ['gstNumber', ' 36aabcu9603r1zm ', '36AABCU9603R1ZM'],
    ['panNumber', undefined, ''],
    ['panNumber', '', ''],
    ['panNumber', 'aabcu9603r', 'AABCU9603R'],
    ['creditLimit', undefined, null],
    ['creditLimit', '', null],
    ['creditLimit', '1,50,000.50', 150_000.5],
    ['creditLimit', 25000, 25000],
    ['rating', undefined, 5],
    ['rating', '', 5],
    ['rating', null, 5],
    ['rating', 1, 1],
    ['rating', '4', 4],
    ['rating', 5, 5],
    ['status', undefined, 'active'],
    ...VENDOR_STATUSES.map((status): Accepts => ['status', status, status]),
    ['status', 'Blacklisted', 'blacklisted'],
    ['documents', undefined, []],
    ['documents', [' https://example.com/gst.pdf '], ['https://example.com/gst.pdf']],
    ['documents', [chars(500)], [chars(500)]],
    ['documents', documents(VENDOR_MAX_DOCUMENTS), documents(VENDOR_MAX_DOCUMENTS)],
    ...rows.date('lastOrderDate').accepts,
    ['totalOrders', undefined, 0],
    ['totalOrders', '', 0],
    ['totalOrders', '12', 12],
    ['totalOrders', 1_000_000_000, 1_000_000_000],
    ['totalAmount', undefined, 0],
    ['totalAmount', '', 0],
    ['totalAmount', '12,50,000.50', 1_250_000.5],
    ['totalAmount', 1_000_000_000_000, 1_000_000_000_000],
  ];
  const refuses: Refuses[] = [
    ...rows.required('name', 'Vendor name is required'),
    ...name.refuses,
    // An unchosen select sends '': a missing category, not a wrong one.
    ['category', undefined, 'Category is required'],
    ['category', '', 'Category is required'],
    ['category', 'wood', 'Choose a category from the list'],
    ...texts.flatMap((limits) => limits.refuses),
    ...rows.required('phone', 'Phone number is required'),
    ...phone.refuses,
    ...alternatePhone.refuses,
    ...mail.refuses,
    ['pincode', '50008', PINCODE],
    ['pincode', '5000811', PINCODE],
    ['pincode', '5000 81', PINCODE],
    ['pincode', 'abcdef', PINCODE],
    ['gstNumber', '36AABCU9603R1X', GST],
    ['gstNumber', '36AABCU9603R1ZMX', GST],
    ['gstNumber', '36AABCU9603R1AM', GST],
    ['gstNumber', '36AABCU9603R0ZM', GST],
    ['gstNumber', 'AAABCU9603R1ZM6', GST],
    ['panNumber', 'ABC', PAN],
    ['panNumber', 'AABCU9603', PAN],
    ['panNumber', 'AABCU9603R1', PAN],
    ['panNumber', '1ABCU9603R', PAN],
    ['creditLimit', '1.234', 'Credit limit must be an amount in rupees (up to two decimals)'],
    ['creditLimit', -1, 'Credit limit cannot be negative'],
    ['creditLimit', 1_000_000_000_001, 'Credit limit is too large'],
    ['rating', 0, RATING],
    ['rating', 6, RATING],
    ['rating', '6', RATING],
    ['rating', 4.5, RATING],
    ['rating', 'five', RATING],
    ['status', 'paused', 'Choose active, inactive or blacklisted'],
    ['documents', documents(VENDOR_MAX_DOCUMENTS + 1), `At most ${VENDOR_MAX_DOCUMENTS} documents`],
    ['documents', [chars(501)], 'A document link or name is too long (500 characters at most)', 'documents[0]'],
    ['documents', ['a.pdf', '  '], 'A document cannot be blank', 'documents[1]'],
    ['documents', 'a.pdf', 'Documents must be a list'],
    ...rows.date('lastOrderDate').refuses,
    ['totalOrders', 1.5, TOTAL_ORDERS],
    ['totalOrders', 'many', TOTAL_ORDERS],
    ['totalOrders', -1, 'Total orders cannot be negative'],
    ['totalOrders', 1_000_000_001, 'Total orders is too large'],
    ['totalAmount', '1.234', 'Total amount must be an amount in rupees (up to two decimals)'],
    ['totalAmount', -1, 'Total amount cannot be negative'],
    ['totalAmount', 1_000_000_000_001, 'Total amount is too large'],
  ];
  return { accepts, refuses };
}

describe('vendorCreateSchema (POST /api/vendors)', () => {
  testRows(vendorCreateSchema, validVendor, vendorRows());

  it('names what is missing or wrong in an empty dialog, and fills the SPEC.md defaults', async () => {
    expect((await validate(vendorCreateSchema, { gstNumber: '36AABCU9603R1X', panNumber: 'ABC' })).errors).toEqual({
      name: 'Vendor name is required',
      category: 'Category is required',
      phone: 'Phone number is required',
      gstNumber: GST,
      panNumber: PAN,
    });
    expect((await validate(vendorCreateSchema, validVendor)).value).toEqual({
      ...validVendor,
      specialization: '',
      contactPerson: '',
      alternatePhone: '',
      email: '',
      address: '',
      city: '',
      state: '',
      pincode: '',
      gstNumber: '',
      panNumber: '',
      bankDetails: '',
      paymentTerms: '',
      creditLimit: null,
      rating: 5,
      status: 'active',
      notes: '',
      documents: [],
      lastOrderDate: null,
      totalOrders: 0,
      totalAmount: 0,
    });
  });
});

describe('vendorUpdateSchema (PUT /api/vendors/:id)', () => {
  testRows(vendorUpdateSchema, { ...validVendor, version: 5 }, rows.versioned(vendorRows()));
});

describe('vendorListQuerySchema (GET /api/vendors)', () => {
  const paging = rows.listQuery(24);
  testRows(vendorListQuerySchema, {}, {
    accepts: [
      ...VENDOR_CATEGORIES.map((category): Accepts => ['category', category, category]),
      ...VENDOR_STATUSES.map((status): Accepts => ['status', status, status]),
      ...paging.accepts,
    ],
    refuses: [['category', 'Civil', 'Unknown category'], ['category', 'wood', 'Unknown category'], ['status', 'paused', 'Unknown status'], ...paging.refuses],
  });
});

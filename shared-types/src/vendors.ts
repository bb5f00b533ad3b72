import * as yup from 'yup';
import { email, expectedVersion, oneOfList, optionalDate, pageLimit, parseRupees, phoneNumber, rupees, rupeesOrNull, storedFields, multilineText, text } from './forms';
import { isValidPhone } from './phone';

/**
 * Vendor Management: the vendors table of SPEC.md 3 plus specialization (the
 * admin vendor form). The create/edit dialog and the API validate with the
 * same schemas, so a message under a field is the one the server sends.
 */

/** SPEC.md 9: vendor categories. */
export const VENDOR_CATEGORIES = [
  'furniture',
  'civil',
  'electrical',
  'plumbing',
  'painting',
  'flooring',
  'lighting',
  'accessories',
  'appliances',
  'textiles',
] as const;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number];
export const VENDOR_CATEGORY_LABELS: Record<VendorCategory, string> = {
  furniture: 'Furniture',
  civil: 'Civil',
  electrical: 'Electrical',
  plumbing: 'Plumbing',
  painting: 'Painting',
  flooring: 'Flooring',
  lighting: 'Lighting',
  accessories: 'Accessories',
  appliances: 'Appliances',
  textiles: 'Textiles',
};

/** SPEC.md 4: active by default. Only active vendors count on the dashboard. */
export const VENDOR_STATUSES = ['active', 'inactive', 'blacklisted'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  blacklisted: 'Blacklisted',
};

/** SPEC.md 9: rating 1 to 5, default 5. */
export const VENDOR_RATING_MIN = 1;
export const VENDOR_RATING_MAX = 5;
export const VENDOR_DEFAULT_RATING = 5;

/** How many document links or names one vendor keeps. */
export const VENDOR_MAX_DOCUMENTS = 20;

/** GSTIN: state code, the holder's PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

const RATING_MESSAGE = `Rating must be a whole number from ${VENDOR_RATING_MIN} to ${VENDOR_RATING_MAX}`;

/** Trimmed, upper-cased text: GST and PAN numbers are typed in any case. */
const upperText = () => text().transform((value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value));

/** A blank input is 0. */
const blankIsZero = (value: unknown, original: unknown) => (original === '' || original === null ? 0 : value);

const vendorFields = {
  name: text().required('Vendor name is required').max(200, 'Vendor name is too long (200 characters at most)'),
  category: oneOfList(VENDOR_CATEGORIES, 'Choose a category from the list')
    // An unchosen select sends '': that is a missing category, not a wrong one.
    .transform((value: unknown) => (value === '' ? undefined : value))
    .required('Category is required'),
  specialization: text().max(200, 'Specialization is too long (200 characters at most)').default(''),
  contactPerson: text().max(200, 'Contact person is too long (200 characters at most)').default(''),
  phone: phoneNumber(),
  alternatePhone: text()
    .max(20, 'Phone number is too long (20 characters at most)')
    .test('phone', 'Enter a valid phone number (at least 10 digits)', (value) => !value || isValidPhone(value))
    .default(''),
  email: email(),
  address: multilineText().max(500, 'Address is too long (500 characters at most)').default(''),
  city: text().max(100, 'City is too long (100 characters at most)').default(''),
  state: text().max(100, 'State is too long (100 characters at most)').default(''),
  pincode: text()
    .matches(/^\d{6}$/, { message: 'Pincode must be 6 digits', excludeEmptyString: true })
    .default(''),
  gstNumber: upperText()
    .matches(GSTIN_PATTERN, {
      message: 'Enter a valid 15-character GST number, e.g. 36AABCU9603R1ZM',
      excludeEmptyString: true,
    })
    .default(''),
  panNumber: upperText()
    .matches(PAN_PATTERN, { message: 'Enter a valid 10-character PAN, e.g. AABCU9603R', excludeEmptyString: true })
    .default(''),
  bankDetails: multilineText().max(1000, 'Bank details are too long (1000 characters at most)').default(''),
  paymentTerms: text().max(200, 'Payment terms are too long (200 characters at most)').default(''),
  /** SPEC.md 5 for money fields: a decimal or null. */
  creditLimit: rupeesOrNull('Credit limit'),
  rating: yup
    .number()
    // Blank means the default rating, not an error.
    .transform((value: unknown, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(RATING_MESSAGE)
    .integer(RATING_MESSAGE)
    .min(VENDOR_RATING_MIN, RATING_MESSAGE)
    .max(VENDOR_RATING_MAX, RATING_MESSAGE)
    .default(VENDOR_DEFAULT_RATING),
  status: oneOfList(VENDOR_STATUSES, 'Choose active, inactive or blacklisted').default('active'),
  notes: multilineText().max(5000, 'Notes are too long (5000 characters at most)').default(''),
  documents: yup
    .array()
    .typeError('Documents must be a list')
    .of(text().required('A document cannot be blank').max(500, 'A document link or name is too long (500 characters at most)'))
    .max(VENDOR_MAX_DOCUMENTS, `At most ${VENDOR_MAX_DOCUMENTS} documents`)
    .default([]),
  lastOrderDate: optionalDate(),
  totalOrders: yup
    .number()
    .transform(blankIsZero)
    .typeError('Total orders must be a whole number')
    .integer('Total orders must be a whole number')
    .min(0, 'Total orders cannot be negative')
    .max(1_000_000_000, 'Total orders is too large')
    .default(0),
  totalAmount: rupees('Total amount')
    .transform((_value: unknown, original: unknown) => parseRupees(original) ?? 0)
    .default(0),
};

/** POST /api/vendors (the create dialog). */
export const vendorCreateSchema = yup.object(vendorFields);
export type VendorInput = yup.InferType<typeof vendorCreateSchema>;

/** PUT /api/vendors/:id: every field plus the version the editor saw (a stale one gets 409). */
export const vendorUpdateSchema = yup.object({
  ...vendorFields,
  version: expectedVersion(),
});
export type VendorUpdateInput = yup.InferType<typeof vendorUpdateSchema>;

/** GET /api/vendors: sorted by name; q matches name, contact person, phone, email, city, specialization or GST number. */
export const vendorListQuerySchema = yup.object({
  category: yup.mixed<VendorCategory>().oneOf([...VENDOR_CATEGORIES], 'Unknown category').optional(),
  status: yup.mixed<VendorStatus>().oneOf([...VENDOR_STATUSES], 'Unknown status').optional(),
  q: text().max(100, 'Search is too long').optional(),
  limit: pageLimit(24),
  cursor: yup.string().max(2048).optional(),
});
export type VendorListQuery = yup.InferType<typeof vendorListQuerySchema>;

/**
 * A vendor as stored and as the API returns it: the form's fields (with
 * their defaults, so an item from before a field existed still reads) plus
 * id, timestamps and version.
 */
export const vendorSchema = yup.object({ ...vendorFields, ...storedFields });
export type Vendor = yup.InferType<typeof vendorSchema>;

/** The message of a stale update (409), shown with a Reload action. */
export const STALE_VENDOR_MESSAGE = 'Someone else changed this vendor. Reload it to see their changes.';

import type { ChipProps } from '@mui/material/Chip';
import { fieldMessages, formValuesOf, type FormValues } from '@app/shared-types/forms';
import {
  VENDOR_CATEGORIES,
  VENDOR_CATEGORY_LABELS,
  VENDOR_RATING_MAX,
  VENDOR_RATING_MIN,
  VENDOR_STATUSES,
  VENDOR_STATUS_LABELS,
  vendorCreateSchema,
  type Vendor,
  type VendorCategory,
  type VendorInput,
  type VendorStatus,
} from '@app/shared-types/vendors';
import { ValidationError } from 'yup';
import { pickOption, searchParam } from '../../lib/url-params';

/** Pure rules of the Vendors screen: filters in the URL, labels, links and form values. */

export const VENDOR_PAGE_SIZE = 24;

/** The list filters, as kept in the URL's search parameters. */
export interface VendorFilters {
  q: string;
  category: VendorCategory | '';
  status: VendorStatus | '';
}

export const VENDOR_FILTER_PARAMS = ['q', 'category', 'status'] as const;
export type VendorFilterParam = (typeof VENDOR_FILTER_PARAMS)[number];


/** Reads the filters from the URL; unknown values are dropped, as if not set. */
export function parseVendorFilters(params: URLSearchParams): VendorFilters {
  return {
    q: searchParam(params),
    category: pickOption(VENDOR_CATEGORIES, params.get('category')),
    status: pickOption(VENDOR_STATUSES, params.get('status')),
  };
}



export const CATEGORY_OPTIONS = VENDOR_CATEGORIES.map((value) => ({ value, label: VENDOR_CATEGORY_LABELS[value] }));
export const STATUS_OPTIONS = VENDOR_STATUSES.map((value) => ({ value, label: VENDOR_STATUS_LABELS[value] }));
export const RATING_OPTIONS = Array.from({ length: VENDOR_RATING_MAX - VENDOR_RATING_MIN + 1 }, (_, index) => {
  const value = String(VENDOR_RATING_MAX - index);
  return { value, label: `${value} ${value === '1' ? 'star' : 'stars'}` };
});

/** Status chip colours: active green, inactive grey, blacklisted red. */
export const STATUS_COLORS: Record<VendorStatus, ChipProps['color']> = {
  active: 'success',
  inactive: 'default',
  blacklisted: 'error',
};



/** The create/edit form: every value as the inputs hold it (numbers as typed, documents one per line). */
export type VendorFormValues = FormValues<VendorInput>;

export const NEW_VENDOR_VALUES: VendorFormValues = formValuesOf(vendorCreateSchema);

export const toVendorFormValues = (vendor: Vendor): VendorFormValues => formValuesOf(vendorCreateSchema, vendor);

/** The form's values in the API's shape, before validation: documents a list of non-blank lines. */
function inputShapeOf(values: VendorFormValues) {
  const documents = values.documents
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return { ...values, documents };
}

/** The form field a server or schema message belongs to: 'documents[2]' is the documents box. */
export function formFieldOf(path: string): string {
  return path.replace(/\[\d+\]$/, '');
}

/** Messages keyed by form field, one per field. */
export function toFormFieldErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[formFieldOf(path)] ??= message;
  return errors;
}

/** The form's errors by the schema the server validates with ({} when valid). */
export function vendorFormErrors(values: VendorFormValues): Record<string, string> {
  try {
    vendorCreateSchema.validateSync(inputShapeOf(values), { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return toFormFieldErrors(fieldMessages(error));
    throw error;
  }
}

/** The POST/PUT body of the form, cleaned by the schema the server validates with (GST upper case, numbers parsed). */
export function toVendorInput(values: VendorFormValues): VendorInput {
  return vendorCreateSchema.validateSync(inputShapeOf(values), { stripUnknown: true });
}

/** The vendor form's fields, as labelled, for the changes a stale save shows. */
export const VENDOR_FIELD_LABELS: Record<string, string> = {
  name: 'Vendor Name',
  category: 'Category',
  specialization: 'Specialization',
  status: 'Status',
  rating: 'Rating',
  contactPerson: 'Contact Person',
  phone: 'Phone',
  alternatePhone: 'Alternate Phone',
  email: 'Email',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'Pincode',
  gstNumber: 'GST Number',
  panNumber: 'PAN Number',
  paymentTerms: 'Payment Terms',
  creditLimit: 'Credit Limit (₹)',
  bankDetails: 'Bank Details',
  lastOrderDate: 'Last Order Date',
  totalOrders: 'Total Orders',
  totalAmount: 'Total Amount (₹)',
  documents: 'Documents',
  notes: 'Notes',
};

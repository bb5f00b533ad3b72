import { customerCreateSchema, customerName, customerUpdateSchema, type Customer, type CustomerInput, type CustomerUpdateInput } from '@app/shared-types/customers';
import { formValuesOf, type FormValues } from '@app/shared-types/forms';
import { formatPhone } from '@app/shared-types/phone';
import { searchParam } from '../../lib/url-params';

/** Pure rules of the customer screens: the search in the URL, how a customer is named, the form values. */

export const CUSTOMER_PAGE_SIZE = 24;
/** Customers offered at once by a customer picker's search. */
export const CUSTOMER_SEARCH_LIMIT = 10;

/** SPEC.md 2: the empty state of the customer cards. */
export const NO_CUSTOMERS_MESSAGE = 'No customers found matching your criteria';

export interface CustomerFilters {
  q: string;
}

export function parseCustomerFilters(params: URLSearchParams): CustomerFilters {
  return { q: searchParam(params) };
}

/** '1 project', '3 projects'. */
export function projectCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'project' : 'projects'}`;
}

/** How a customer picker names a customer: 'First Last · +91 98480 33333'. */
export function customerOptionLabel(customer: Pick<Customer, 'firstName' | 'lastName' | 'phone'>): string {
  const name = customerName(customer);
  return customer.phone ? `${name} · ${formatPhone(customer.phone)}` : name;
}

/** A name typed into the customer search, split into the new customer's first and last name. */
export function splitName(typed: string): { firstName: string; lastName: string } {
  const words = typed.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** The customer form: every value as the inputs hold it, and the version it was loaded from (null for a new customer). */
export type CustomerFormValues = FormValues<CustomerInput> & { version: number | null };

export const NEW_CUSTOMER_VALUES: CustomerFormValues = { ...formValuesOf(customerCreateSchema), version: null };

export const toCustomerFormValues = (customer: Customer): CustomerFormValues => ({
  ...formValuesOf(customerCreateSchema, customer),
  version: customer.version,
});

export function toCustomerInput(values: CustomerFormValues): CustomerInput {
  return customerCreateSchema.validateSync(values, { stripUnknown: true });
}

export function toCustomerUpdateInput(values: CustomerFormValues): CustomerUpdateInput {
  return customerUpdateSchema.validateSync(values, { stripUnknown: true });
}

/** The customer form's fields, as labelled, for the changes a stale save shows. */
export const CUSTOMER_FIELD_LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  city: 'City',
  notes: 'Notes',
};

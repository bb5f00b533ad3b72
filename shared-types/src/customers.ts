import * as yup from 'yup';
import { email, expectedVersion, pageLimit, phoneNumber, storedFields, multilineText, text } from './forms';

/**
 * Customers: people and companies the firm works for (PRODUCT.md: their own
 * entity, not users). A project belongs to one customer; a Won lead can be
 * converted into one.
 */

const customerFields = {
  firstName: text().required('First name is required').max(100, 'First name is too long (100 characters at most)'),
  lastName: text().max(100, 'Last name is too long (100 characters at most)').default(''),
  phone: phoneNumber(),
  email: email(),
  address: multilineText().max(500, 'Address is too long (500 characters at most)').default(''),
  city: text().max(100, 'City is too long (100 characters at most)').default(''),
  notes: multilineText().max(5000, 'Notes are too long (5000 characters at most)').default(''),
};

/** POST /api/customers (the create dialog). */
export const customerCreateSchema = yup.object(customerFields);
export type CustomerInput = yup.InferType<typeof customerCreateSchema>;

/** PUT /api/customers/:id: every field plus the version the editor saw (a stale one gets 409). */
export const customerUpdateSchema = yup.object({
  ...customerFields,
  version: expectedVersion(),
});
export type CustomerUpdateInput = yup.InferType<typeof customerUpdateSchema>;

/** GET /api/customers: sorted by name; q matches name, phone or email. */
export const customerListQuerySchema = yup.object({
  q: text().max(100, 'Search is too long').optional(),
  limit: pageLimit(24),
  cursor: yup.string().max(2048).optional(),
});
export type CustomerListQuery = yup.InferType<typeof customerListQuerySchema>;

/** A customer as stored and as the API returns it. */
export const customerSchema = yup.object({
  ...customerFields,
  /** How many projects belong to the customer; one with projects cannot be deleted. */
  projectCount: yup.number().integer().default(0),
  /** The lead this customer was converted from, if any. */
  leadId: yup.string().nullable().default(null),
  ...storedFields,
});
export type Customer = yup.InferType<typeof customerSchema>;

/** 'First Last', or just the first name. */
export function customerName(customer: Pick<Customer, 'firstName' | 'lastName'>): string {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ');
}

export const CUSTOMER_HAS_PROJECTS = (count: number) =>
  `This customer has ${count} project${count === 1 ? '' : 's'}. Delete or move ${count === 1 ? 'it' : 'them'} to another customer first.`;

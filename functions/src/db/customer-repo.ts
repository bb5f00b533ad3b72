import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { customerName, type Customer, type CustomerInput, type CustomerListQuery, type CustomerUpdateInput } from '@app/shared-types/customers';
import { batchGet } from './batch-get';
import type { Db } from './client';
import { keys } from './keys';
import { cursorKeysOf, phoneSearchText, queryPage, searchTerm, type ItemKey, type ListSource } from './list-query';
import { counterUpdate, dashboardCounter, type CounterDeltas } from './stats-repo';
import { isConditionalCheckFailed, isTransactionCanceled, putNew, transactWrite, versionedUpdate, type TransactItem } from './writes';

type Item = Record<string, NativeAttributeValue>;

/** The customer as the API returns it. */
export function toCustomer(item: Item): Customer {
  return {
    id: item.id as string,
    firstName: item.firstName as string,
    lastName: (item.lastName as string | undefined) ?? '',
    phone: (item.phone as string | undefined) ?? '',
    email: (item.email as string | undefined) ?? '',
    address: (item.address as string | undefined) ?? '',
    city: (item.city as string | undefined) ?? '',
    notes: (item.notes as string | undefined) ?? '',
    projectCount: (item.projectCount as number | undefined) ?? 0,
    leadId: (item.leadId as string | undefined) ?? null,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}

type CustomerFields = Pick<Customer, 'firstName' | 'lastName' | 'phone' | 'email' | 'address' | 'city' | 'notes'>;

/** The attributes that follow from a customer's fields: list position and search text. */
function derived(fields: CustomerFields) {
  return {
    gsi1pk: keys.customers(),
    searchText: [customerName(fields).toLowerCase(), fields.email.toLowerCase(), fields.city.toLowerCase(), phoneSearchText(fields.phone)].join(' '),
  };
}

export function newCustomer(input: CustomerInput, now: string, leadId: string | null = null): Customer {
  return { id: randomUUID(), ...input, projectCount: 0, leadId, createdAt: now, updatedAt: now, version: 1 };
}

/** A new customer's change to the dashboard counts. */
export const CUSTOMER_ADDED: CounterDeltas = { [dashboardCounter.customers]: 1 };

/**
 * The transaction entries that create a customer and (unless the caller
 * gathers the counts of a larger transaction into one entry) count it.
 */
export function createCustomerWrites(db: Db, customer: Customer, { counters = true } = {}): TransactItem[] {
  const put = putNew(db, {
    ...keys.customer(customer.id),
    entityType: 'Customer',
    ...customer,
    ...derived(customer),
    gsi1sk: keys.customerNameSort(customerName(customer), customer.id),
  });
  return counters ? [put, counterUpdate(db, 'DASHBOARD', CUSTOMER_ADDED)!] : [put];
}

export async function createCustomer(db: Db, input: CustomerInput, now: string): Promise<Customer> {
  const customer = newCustomer(input, now);
  await transactWrite(db, createCustomerWrites(db, customer));
  return customer;
}

export async function getCustomer(db: Db, id: string, consistent = false): Promise<Customer | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.customer(id), ConsistentRead: consistent }));
  return Item ? toCustomer(Item) : undefined;
}

/** Customers by id (missing ones are left out), for showing whose a project is. */
export async function getCustomers(db: Db, ids: string[]): Promise<Map<string, Customer>> {
  const items = await batchGet(db, [...new Set(ids)].map((id) => keys.customer(id)));
  return new Map(items.map((item) => [item.id as string, toCustomer(item)]));
}

export type UpdateCustomerResult = { customer: Customer } | { notFound: true } | { stale: Customer };

/**
 * Saves staff edits if the customer is still at `input.version`. Only the
 * form's fields are set: the project count, which project writes keep, is
 * never written back from a read.
 */
export async function updateCustomer(db: Db, id: string, input: CustomerUpdateInput, now: string): Promise<UpdateCustomerResult> {
  const { version, ...fields } = input;
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        ...versionedUpdate(
          db,
          keys.customer(id),
          { ...fields, ...derived(fields), gsi1sk: keys.customerNameSort(customerName(fields), id), updatedAt: now },
          version,
        ),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { customer: toCustomer(Attributes!) };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const current = await getCustomer(db, id, true);
    return current ? { stale: current } : { notFound: true };
  }
}

export type DeleteCustomerResult = { deleted: true } | { notFound: true } | { hasProjects: number };

/**
 * Deletes a customer who has no projects, and uncounts them. The condition
 * sits on the count that every project write keeps in the same transaction,
 * so a project created at the same moment cannot be left without its customer.
 */
export async function deleteCustomer(db: Db, id: string): Promise<DeleteCustomerResult> {
  try {
    await transactWrite(db, [
      {
        Delete: {
          TableName: db.table,
          Key: keys.customer(id),
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(projectCount) OR projectCount = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      counterUpdate(db, 'DASHBOARD', { [dashboardCounter.customers]: -1 }),
    ]);
    return { deleted: true };
  } catch (error) {
    if (!isTransactionCanceled(error, 0)) throw error;
    const current = await getCustomer(db, id, true);
    return current ? { hasProjects: current.projectCount } : { notFound: true };
  }
}

/**
 * The transaction entry that counts a project in (+1) or out (-1) of a
 * customer; it fails when the customer does not exist, so no project points
 * at a customer who is gone.
 */
export function customerProjectCountWrite(db: Db, customerId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.customer(customerId),
      UpdateExpression: 'ADD projectCount :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

const CUSTOMER_LIST: ListSource = { index: 'gsi1', pkName: 'gsi1pk', skName: 'gsi1sk', pk: keys.customers(), forward: true };
export const customerCursorKeys = () => cursorKeysOf(CUSTOMER_LIST);

/** One page of customers in name order; `q` matches name, email, city or phone. */
export async function listCustomers(db: Db, query: CustomerListQuery, start?: ItemKey) {
  const search = searchTerm(query.q);
  const filter = search ? { expressions: ['contains(searchText, :q)'], values: { ':q': search } } : { expressions: [] };
  const { items, lastKey } = await queryPage(db, CUSTOMER_LIST, filter, query.limit, start);
  return { items: items.map(toCustomer), lastKey };
}

import { randomUUID } from 'node:crypto';
import { customerName, customerSchema, type Customer, type CustomerInput, type CustomerListQuery, type CustomerUpdateInput } from '@app/shared-types/customers';
import type { Db } from '../db/client';
import { defineEntity, type ItemKey, type WriteContext } from '../db/entity';
import type { WritePlan } from '../db/plan';
import { keys } from '../db/keys';
import { dashboardCounter } from '../dashboard';
import { conditions, type Write } from '../db/item';

const byName = (customer: Customer) => keys.customerNameSort(customerName(customer), customer.id);

export const customerEntity = defineEntity({
  type: 'Customer',
  schema: customerSchema,
  key: keys.customer,
  partition: 'CUSTOMER#*',
  // A client's approval creates the customer, or counts the new project on the one it has.
  grants: { clientLink: ['read', 'write'] },
  otherPartitions: { STATS: { clientLink: ['write'] }, 'SEARCH#Customer#*': { clientLink: ['write'] } },
  indexes: { gsi1: (customer) => ({ pk: keys.customers(), sk: byName(customer) }) },
  patterns: { byName: { index: 'gsi1', partition: () => keys.customers() } },
  counts: () => ({ DASHBOARD: { [dashboardCounter.customers]: 1 } }),
  search: (customer) => ({ texts: [customerName(customer), customer.email, customer.city], phones: [customer.phone] }),
  searchSort: byName,
  // Project writes keep the count in their own transactions.
  kept: ['projectCount'],
});

export function newCustomer(input: CustomerInput, now: string, leadId: string | null = null): Customer {
  return { id: randomUUID(), ...input, projectCount: 0, leadId, createdAt: now, updatedAt: now, version: 1 };
}

export async function createCustomer(db: Db, input: CustomerInput, ctx: WriteContext): Promise<Customer> {
  const customer = newCustomer(input, ctx.now);
  await customerEntity.create(db, customer, ctx);
  return customer;
}

export const getCustomer = (db: Db, id: string) => customerEntity.get(db, id);

/** Customers by id (missing ones are left out), for showing whose a project is. */
export const getCustomers = (db: Db, ids: readonly string[]) => customerEntity.getMany(db, ids);

export function updateCustomer(db: Db, id: string, { version, ...fields }: CustomerUpdateInput, ctx: WriteContext) {
  return customerEntity.update(db, id, version, (before) => ({ ...before, ...fields }), ctx);
}

/**
 * Deletes a customer who has no projects. The condition sits on the count
 * that every project write keeps in the same transaction, so a project
 * created at the same moment cannot be left without its customer.
 */
export function deleteCustomer(db: Db, id: string, ctx: WriteContext) {
  return customerEntity.remove(db, id, ctx, {
    condition: {
      expression: 'attribute_not_exists(projectCount) OR projectCount = :zero',
      values: { ':zero': 0 },
      holds: (customer) => customer.projectCount === 0,
    },
  });
}

/**
 * A customer's project count moves by `delta` (+1 a project counted in, -1
 * out); it fails when the customer does not exist, so no project points at a
 * customer who is gone.
 */
const projectCountWrite = (customerId: string, delta: 1 | -1): Write => ({
  op: 'update',
  type: customerEntity.type,
  key: keys.customer(customerId),
  add: { projectCount: delta },
  condition: conditions.present(),
});

/** The same as a plan entry. */
export function addCustomerProjectCount(p: WritePlan, name: string, customerId: string, delta: 1 | -1): void {
  p.write(name, projectCountWrite(customerId, delta));
}

const CUSTOMER_LIST = customerEntity.source('byName', {});
export const customerCursorKeys = (query: Pick<CustomerListQuery, 'q'>) => customerEntity.cursorKeys(CUSTOMER_LIST, query.q);

/** One page of customers in name order; `q` matches name, email, city or phone. */
export const listCustomers = (db: Db, query: CustomerListQuery, start?: ItemKey) =>
  customerEntity.list(db, CUSTOMER_LIST, { limit: query.limit, start, q: query.q });

import { Hono } from 'hono';
import { CUSTOMER_HAS_PROJECTS, customerCreateSchema, customerListQuerySchema, customerUpdateSchema } from '@app/shared-types/customers';
import { requireManager, writeContext } from '../auth';
import { createCustomer, customerCursorKeys, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customer-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

const NOT_FOUND = 'Customer not found';
const STALE = 'Someone else changed this customer. Reload to see their changes.';

/** Customers (PRODUCT.md: their own entity). Every route needs a session (app.ts); deleting needs a manager. */
export const customers = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(customerListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, customerCursorKeys(query), (start) => listCustomers(c.var.deps.db, query, start));
  })
  .post('/', access.staff(), limitBody(), requireJson, jsonBody(customerCreateSchema), async (c) => {
    const customer = await createCustomer(c.var.deps.db, c.req.valid('json'), writeContext(c));
    log.info('customer created', { customerId: customer.id, by: c.var.auth.employee.id });
    return c.json(customer, 201);
  })
  .get('/:id', access.staff(), async (c) => {
    const id = c.req.param('id');
    const customer = isEntityId(id) ? await getCustomer(c.var.deps.db, id) : undefined;
    if (!customer) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json(customer, 200);
  })
  .put('/:id', access.staff(), limitBody(), requireJson, jsonBody(customerUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await updateCustomer(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE), current: result.stale }, 409);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    return c.json(result.item, 200);
  })
  // Like every delete in the portal, managers and above only (employees get 403).
  .delete('/:id', access.role('manager'), requireManager, async (c) => {
    const id = c.req.param('id');
    const result = isEntityId(id) ? await deleteCustomer(c.var.deps.db, id, writeContext(c)) : { notFound: true as const };
    if ('notFound' in result) return c.json(errorBody(NOT_FOUND), 404);
    if ('refused' in result) return c.json(errorBody(CUSTOMER_HAS_PROJECTS(result.refused.projectCount)), 409);
    log.info('customer deleted', { customerId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  });

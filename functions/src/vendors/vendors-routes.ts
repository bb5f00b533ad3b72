import { Hono } from 'hono';
import { ROLES } from '@app/shared-types/auth';
import { STALE_VENDOR_MESSAGE, vendorCreateSchema, vendorListQuerySchema, vendorUpdateSchema } from '@app/shared-types/vendors';
import { requireRole, writeContext } from '../auth';
import { createVendor, deleteVendor, listVendors, updateVendor, vendorCursorKeys } from './vendor-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

/**
 * Every signed-in user keeps the vendor list (PRODUCT.md); deleting one loses
 * its history, so like leads it is for managers and above. Anyone else can
 * mark a vendor inactive or blacklisted instead.
 */
const canDelete = requireRole(...ROLES.filter((role) => role !== 'employee'));

const NOT_FOUND = 'Vendor not found';

/** A vendor at every field's maximum (20 document links, long notes) is about 18 KiB of JSON. */
const VENDOR_MAX_BODY_BYTES = 32 * 1024;

/** Vendor Management. Every route needs a session (app.ts); deleting needs manager or above. */
export const vendors = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(vendorListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, vendorCursorKeys(query), (start) => listVendors(c.var.deps.db, query, start));
  })
  .post('/', access.staff(), limitBody(VENDOR_MAX_BODY_BYTES), requireJson, jsonBody(vendorCreateSchema), async (c) => {
    const vendor = await createVendor(c.var.deps.db, c.req.valid('json'), writeContext(c));
    log.info('vendor created', { vendorId: vendor.id, by: c.var.auth.employee.id });
    return c.json(vendor, 201);
  })
  .put('/:id', access.staff(), limitBody(VENDOR_MAX_BODY_BYTES), requireJson, jsonBody(vendorUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await updateVendor(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE_VENDOR_MESSAGE), current: result.stale }, 409);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('vendor updated', { vendorId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:id', access.role('manager'), canDelete, async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id) || !('deleted' in (await deleteVendor(c.var.deps.db, id, writeContext(c))))) {
      return c.json(errorBody(NOT_FOUND), 404);
    }
    log.info('vendor deleted', { vendorId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  });

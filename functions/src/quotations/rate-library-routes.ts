import { Hono, type Context } from 'hono';
import type { ApiErrorBody } from '@app/shared-types/api';
import { isOneOf } from '@app/shared-types/guards';
import {
  RATE_LIBRARY_EDITORS,
  RATE_LIBRARY_MESSAGES,
  brandInputSchema,
  brandUpdateSchema,
  itemInputSchema,
  itemUpdateSchema,
  priceInputSchema,
  priceUpdateSchema,
  unitInputSchema,
  unitUpdateSchema,
  usageAreaInputSchema,
  usageAreaUpdateSchema,
  type RateLibraryAnswer,
} from '@app/shared-types/rate-library';
import { requireRole, writeContext } from '../auth';
import {
  createBrand,
  createItem,
  createPrice,
  createUnit,
  createUsageArea,
  readLibrary,
  updateBrand,
  updateItem,
  updatePrice,
  updateUnit,
  updateUsageArea,
  type LibraryWrite,
} from './rate-library-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

/** PRODUCT.md: the rate library is data admins edit; everyone else reads it (the builder shows it). */
const canEdit = requireRole(...RATE_LIBRARY_EDITORS);
const isEditor = (role: string) => isOneOf(RATE_LIBRARY_EDITORS, role);

/** An item with 40 finish types and 60 brands is about 8 KiB of JSON. */
const MAX_BODY_BYTES = 16 * 1024;

/** What a marker that was already taken means, as said to the editor. */
const DUPLICATE: Record<string, string> = {
  RateUsageAreaName: RATE_LIBRARY_MESSAGES.duplicateUsageArea,
  RateItemName: RATE_LIBRARY_MESSAGES.duplicateItem,
  RateUnitName: RATE_LIBRARY_MESSAGES.duplicateUnit,
  RateBrandName: RATE_LIBRARY_MESSAGES.duplicateBrand,
  RatePriceFor: RATE_LIBRARY_MESSAGES.duplicatePrice,
  RateFinishName: RATE_LIBRARY_MESSAGES.duplicateFinish,
};

type Refusal<T> = Exclude<LibraryWrite<T>, { item: T }>;

/** The answer to a write the library refused: 400 with field messages, 404, or 409 (a name taken, or stale with the current entry). */
function refused<T>(c: Context<AppEnv>, result: Refusal<T>) {
  if ('invalid' in result) return c.json(errorBody('Validation failed', result.invalid), 400);
  if ('notFound' in result) return c.json(errorBody(RATE_LIBRARY_MESSAGES.notFound), 404);
  if ('taken' in result) return c.json(errorBody(DUPLICATE[result.taken] ?? RATE_LIBRARY_MESSAGES.duplicateItem), 409);
  // The current entry is plain stored data: JSON as it is.
  return c.json({ ...errorBody(RATE_LIBRARY_MESSAGES.stale), current: result.stale as unknown as Record<string, string> }, 409);
}

const notFound = (c: Context<AppEnv>) => c.json(errorBody(RATE_LIBRARY_MESSAGES.notFound) satisfies ApiErrorBody, 404);

function logged(c: Context<AppEnv>, what: string, id: string) {
  log.info(`rate library ${what}`, { id, by: c.var.auth.employee.id });
}

/**
 * /api/rate-library: the whole library for every signed-in role (retired
 * entries, ids and cost prices included: staff only, like the lookups); adding,
 * renaming, repricing, retiring and restoring for admins. Every write is
 * version-checked, name-checked, audited and moves the library's version.
 */
export const rateLibrary = new Hono<AppEnv>()
  .get('/', access.staff(), async (c) => {
    c.header('Cache-Control', 'no-store');
    const answer: RateLibraryAnswer = { ...(await readLibrary(c.var.deps.db)), canEdit: isEditor(c.var.auth.employee.role) };
    return c.json(answer, 200);
  })
  .post('/usage-areas', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(usageAreaInputSchema), async (c) => {
    const result = await createUsageArea(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'usage area created', result.item.id);
    return c.json(result.item, 201);
  })
  .put('/usage-areas/:id', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(usageAreaUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return notFound(c);
    const result = await updateUsageArea(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'usage area updated', id);
    return c.json(result.item, 200);
  })
  .post('/items', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(itemInputSchema), async (c) => {
    const result = await createItem(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'item created', result.item.id);
    return c.json(result.item, 201);
  })
  .put('/items/:id', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(itemUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return notFound(c);
    const result = await updateItem(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'item updated', id);
    return c.json(result.item, 200);
  })
  .post('/units', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(unitInputSchema), async (c) => {
    const result = await createUnit(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'unit created', result.item.id);
    return c.json(result.item, 201);
  })
  .put('/units/:id', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(unitUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return notFound(c);
    const result = await updateUnit(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'unit updated', id);
    return c.json(result.item, 200);
  })
  .post('/brands', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(brandInputSchema), async (c) => {
    const result = await createBrand(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'brand created', result.item.id);
    return c.json(result.item, 201);
  })
  .put('/brands/:id', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(brandUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return notFound(c);
    const result = await updateBrand(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'brand updated', id);
    return c.json(result.item, 200);
  })
  .post('/prices', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(priceInputSchema), async (c) => {
    const result = await createPrice(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'price created', result.item.id);
    return c.json(result.item, 201);
  })
  .put('/prices/:id', access.role('admin'), canEdit, limitBody(MAX_BODY_BYTES), requireJson, jsonBody(priceUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return notFound(c);
    const result = await updatePrice(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if (!('item' in result)) return refused(c, result);
    logged(c, 'price updated', id);
    return c.json(result.item, 200);
  });

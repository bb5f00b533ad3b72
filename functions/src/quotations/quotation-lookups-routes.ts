import { Hono, type Context } from 'hono';
import * as yup from 'yup';
import { text } from '@app/shared-types/forms';
import { NAME_MAX, RATE_LIBRARY_MESSAGES } from '@app/shared-types/rate-library';
import {
  activeBrands,
  activeUnits,
  activeUsageAreas,
  finishTypesOf,
  itemDetail,
  itemsOf,
  priceOf,
  readLibraryIndex,
  type Lookup,
} from './rate-library-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, queryParams } from '../lib/http';
import { access } from '../lib/route-access';

/** Longer than any name the library can hold: such a path names nothing. */
const PARAM_MAX = 200;

const priceQuerySchema = yup.object({
  brand: text().max(NAME_MAX, `Brand is too long (${NAME_MAX} characters at most)`).default(''),
});

/** The path's names (Hono decodes them), or undefined when one cannot be a library name. */
function names(c: Context<AppEnv>, ...params: string[]): string[] | undefined {
  const values = params.map((param) => c.req.param(param) ?? '');
  return values.every((value) => value.length > 0 && value.length <= PARAM_MAX) ? values : undefined;
}

const lookupHeaders = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');

/**
 * SPEC.md 7 quotation lookups: what the builder offers from the rate library
 * (retired entries left out). Every signed-in role reads them (app.ts guards
 * the session). Names in paths match ignoring case.
 */
export const quotationLookups = new Hono<AppEnv>()
  .get('/usage-areas', access.staff(), async (c) => {
    lookupHeaders(c);
    return c.json(activeUsageAreas(await readLibraryIndex(c.var.deps.db)), 200);
  })
  .get('/all-units', access.staff(), async (c) => {
    lookupHeaders(c);
    return c.json(activeUnits(await readLibraryIndex(c.var.deps.db)), 200);
  })
  .get('/all-brands', access.staff(), async (c) => {
    lookupHeaders(c);
    return c.json(activeBrands(await readLibraryIndex(c.var.deps.db)), 200);
  })
  .get('/items/:usageArea', access.staff(), async (c) => {
    const [usageArea] = names(c, 'usageArea') ?? [];
    const found: Lookup<{ itemName: string; unit: string }[]> =
      usageArea === undefined ? { missing: RATE_LIBRARY_MESSAGES.unknownUsageArea } : itemsOf(await readLibraryIndex(c.var.deps.db), usageArea);
    if ('missing' in found) return c.json(errorBody(found.missing), 404);
    lookupHeaders(c);
    return c.json(found.found, 200);
  })
  .get('/item/:usageArea/:item', access.staff(), async (c) => {
    const path = names(c, 'usageArea', 'item');
    const found = path ? itemDetail(await readLibraryIndex(c.var.deps.db), path[0]!, path[1]!) : { missing: RATE_LIBRARY_MESSAGES.unknownItem };
    if ('missing' in found) return c.json(errorBody(found.missing), 404);
    lookupHeaders(c);
    return c.json(found.found, 200);
  })
  .get('/finish-types/:usageArea/:item', access.staff(), async (c) => {
    const path = names(c, 'usageArea', 'item');
    const found = path ? finishTypesOf(await readLibraryIndex(c.var.deps.db), path[0]!, path[1]!) : { missing: RATE_LIBRARY_MESSAGES.unknownItem };
    if ('missing' in found) return c.json(errorBody(found.missing), 404);
    lookupHeaders(c);
    return c.json(found.found, 200);
  })
  .get('/price/:usageArea/:item/:finishType', access.staff(), queryParams(priceQuerySchema), async (c) => {
    const path = names(c, 'usageArea', 'item', 'finishType');
    const { brand } = c.req.valid('query');
    const found = path ? priceOf(await readLibraryIndex(c.var.deps.db), path[0]!, path[1]!, path[2]!, brand) : { missing: RATE_LIBRARY_MESSAGES.noPrice };
    if ('missing' in found) return c.json(errorBody(found.missing), 404);
    lookupHeaders(c);
    return c.json(found.found, 200);
  });

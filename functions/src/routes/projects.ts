import { Hono } from 'hono';
import * as yup from 'yup';
import { PUBLIC_PROJECT_STATUSES } from '@app/shared-types/constants';
import { getPublicProject, listPublicProjects } from '../db/project-repo';
import type { AppEnv } from '../lib/deps';
import { errorBody, queryParams } from '../lib/http';

const listQuery = yup.object({
  status: yup
    .string()
    .oneOf(['all', ...PUBLIC_PROJECT_STATUSES], 'status must be all, finished, ongoing or upcoming')
    .default('all'),
  limit: yup
    .number()
    .typeError('limit must be a number')
    .integer('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(24),
  cursor: yup.string().max(1024).optional(),
});

/** Public project reads: only projects marked 'show on website', only public fields. */
export const projects = new Hono<AppEnv>()
  .get('/', queryParams(listQuery), async (c) => {
    const { status, limit, cursor } = c.req.valid('query');
    const page = await listPublicProjects(c.var.deps.db, {
      status: status === 'all' ? undefined : (status as (typeof PUBLIC_PROJECT_STATUSES)[number]),
      limit,
      cursor,
    });
    if (!page) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid' }), 400);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(page, 200);
  })
  .get('/:id', async (c) => {
    const id = c.req.param('id');
    const project = id.length <= 64 ? await getPublicProject(c.var.deps.db, id) : undefined;
    if (!project) return c.json(errorBody('Project not found'), 404);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(project, 200);
  });

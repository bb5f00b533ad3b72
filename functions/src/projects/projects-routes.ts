import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as yup from 'yup';
import type { PublicProjectDetail } from '@app/shared-types/api';
import { PUBLIC_PROJECT_STATUSES } from '@app/shared-types/constants';
import {
  detectPhotoType,
  MAX_PHOTO_BYTES,
  MAX_PROJECT_PHOTOS,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  photoAddSchema,
  photoUploadRequestSchema,
  type PhotoUploadTicket,
  type ProjectPhoto,
} from '@app/shared-types/photos';
import { PROJECT_SLUG_TAKEN, projectCreateSchema, projectListQuerySchema, projectUpdateSchema } from '@app/shared-types/projects';
import { requireManager, writeContext } from '../auth';
import {
  addProjectPhoto,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  listPublicProjects,
  makeCoverPhoto,
  relatedPublicProjects,
  projectCursorKeys,
  removeProjectPhoto,
  resolvePublicProject,
  updateProject,
  withCustomerName,
} from './project-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { keyOfPhotoUrl, photoKey, photoUrl, stagingKey } from '../photos';
import { removeFiles } from '../photos';
import { access } from '../lib/route-access';

const publicListQuery = yup.object({
  status: yup
    .string()
    .oneOf(['all', ...PUBLIC_PROJECT_STATUSES] as const, 'status must be all, finished, ongoing or upcoming')
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

const NOT_FOUND = 'Project not found';
const STALE = 'Someone else changed this project. Reload to see their changes.';
const CUSTOMER_MISSING = 'This customer no longer exists. Choose another one.';

/**
 * Said with a 503 when the host provides no photo storage. Each route answers
 * it with its own c.json(), so the typed client keeps the routes' JSON types
 * (a bare Response in the union erases them to {}).
 */
const NO_PHOTO_STORAGE = 'Photo uploads are not available on this server';

/** The storage keys of every copy of a photo (seed drawings under /images have none). */
/** A photo change that kept losing to concurrent ones (each is tried again a few times first). */
const PHOTOS_CHANGED = 'The photos were changed at the same time by someone else. Reload and try again.';
const PHOTO_ALREADY_ADDED = 'This photo is already on the project';
/** A staged copy was replaced or deleted between the check and the publish. */
const UPLOAD_CHANGED = 'The upload changed while the photo was being added. Upload the photo again.';

function photoKeys(photo: ProjectPhoto): string[] {
  const urls = photo.copies.length > 0 ? photo.copies.map((copy) => copy.url) : [photo.url];
  return urls.map(keyOfPhotoUrl).filter((key): key is string => key !== null);
}

/**
 * Projects. GET / and GET /:id are the website's reads (public fields of
 * projects shown on the website, declared public); everything
 * else is the portal's and needs a session. '/manage' is declared before
 * '/:id' so it is never read as a project id.
 */
export const projects = new Hono<AppEnv>()
  .get('/', access.public({ lambda: 'public' }), queryParams(publicListQuery), async (c) => {
    const { status, limit, cursor } = c.req.valid('query');
    const page = await listPublicProjects(c.var.deps.db, {
      status: status === 'all' ? undefined : status,
      limit,
      cursor,
    });
    if (!page) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid' }), 400);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(page, 200);
  })
  .get('/manage', access.staff(), queryParams(projectListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, projectCursorKeys(query), (start) => listProjects(c.var.deps.db, query, start));
  })
  .get('/manage/:id', access.staff(), async (c) => {
    const id = c.req.param('id');
    const project = isEntityId(id) ? await getProject(c.var.deps.db, id) : undefined;
    if (!project) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json(await withCustomerName(c.var.deps.db, project), 200);
  })
  // A website project by its slug, or by its old id (':id' is either; the answer carries the slug, and the page moves its URL there).
  .get('/:id', access.public({ lambda: 'public' }), async (c) => {
    const project = await resolvePublicProject(c.var.deps.db, c.req.param('id'));
    if (!project) return c.json(errorBody(NOT_FOUND), 404);
    const detail: PublicProjectDetail = { ...project, related: await relatedPublicProjects(c.var.deps.db, project) };
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(detail, 200);
  })
  .post('/', access.staff(), limitBody(), requireJson, jsonBody(projectCreateSchema), async (c) => {
    const result = await createProject(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if ('customerMissing' in result) return c.json(errorBody(CUSTOMER_MISSING, { customerId: CUSTOMER_MISSING }), 400);
    if ('slugTaken' in result) return c.json(errorBody(PROJECT_SLUG_TAKEN, { slug: PROJECT_SLUG_TAKEN }), 409);
    log.info('project created', { projectId: result.project.id, by: c.var.auth.employee.id });
    return c.json(result.project, 201);
  })
  .put('/:id', access.staff(), limitBody(), requireJson, jsonBody(projectUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await updateProject(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('notFound' in result) return c.json(errorBody(NOT_FOUND), 404);
    if ('stale' in result) return c.json({ ...errorBody(STALE), current: result.stale }, 409);
    if ('customerMissing' in result) return c.json(errorBody(CUSTOMER_MISSING, { customerId: CUSTOMER_MISSING }), 400);
    // Not a stale save: the form keeps its version and shows the message under the field (as a taken blog slug does).
    if ('slugTaken' in result) return c.json(errorBody(PROJECT_SLUG_TAKEN, { slug: PROJECT_SLUG_TAKEN }), 409);
    return c.json(result.project, 200);
  })
  .delete('/:id', access.role('manager'), requireManager, async (c) => {
    const id = c.req.param('id');
    const deleted = isEntityId(id) ? await deleteProject(c.var.deps.db, id, writeContext(c)) : undefined;
    if (!deleted) return c.json(errorBody(NOT_FOUND), 404);
    await removeFiles(c, deleted.images.flatMap(photoKeys));
    log.info('project deleted', { projectId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  })
  .post('/:id/photo-uploads', access.staff(), limitBody(), requireJson, jsonBody(photoUploadRequestSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const id = c.req.param('id');
    const project = isEntityId(id) ? await getProject(c.var.deps.db, id) : undefined;
    if (!project) return c.json(errorBody(NOT_FOUND), 404);
    if (project.images.length >= MAX_PROJECT_PHOTOS) {
      return c.json(errorBody(`A project can have at most ${MAX_PROJECT_PHOTOS} photos. Remove one first.`), 409);
    }
    const { contentType, copies } = c.req.valid('json');
    const uploadId = randomUUID();
    const targets = await Promise.all(
      copies.map(async (copy) => ({
        width: copy.width,
        ...(await storage.createUpload(stagingKey(id, uploadId, copy.width, contentType), contentType, MAX_PHOTO_BYTES)),
      })),
    );
    return c.json({ uploadId, targets } satisfies PhotoUploadTicket, 201);
  })
  .post('/:id/photos', access.staff(), limitBody(), requireJson, jsonBody(photoAddSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const { uploadId, contentType, widths, aspectRatio } = c.req.valid('json');
    // An upload already on the project is refused before its files are looked at (they are in use).
    const current = await getProject(c.var.deps.db, id, true);
    if (!current) return c.json(errorBody(NOT_FOUND), 404);
    if (current.images.some((photo) => photo.id === uploadId)) return c.json(errorBody(PHOTO_ALREADY_ADDED), 409);
    const sorted = [...new Set(widths)].sort((a, b) => a - b);
    const staged = sorted.map((width) => stagingKey(id, uploadId, width, contentType));
    const keys = sorted.map((width) => photoKey(id, uploadId, width, contentType));
    // Check what actually arrived: its size, and its type by its first bytes, never by a name.
    const stored = await Promise.all(staged.map((key) => storage.inspect(key)));
    if (stored.some((file) => file === null)) {
      return c.json(errorBody('Upload every copy of the photo before adding it', { photo: 'Upload incomplete' }), 400);
    }
    if (stored.some((file) => file!.size > MAX_PHOTO_BYTES)) {
      await removeFiles(c, staged);
      return c.json(errorBody(PHOTO_SIZE_MESSAGE, { photo: PHOTO_SIZE_MESSAGE }), 413);
    }
    if (stored.some((file) => detectPhotoType(file!.head) !== contentType)) {
      await removeFiles(c, staged);
      return c.json(errorBody(PHOTO_TYPE_MESSAGE, { photo: PHOTO_TYPE_MESSAGE }), 415);
    }
    // Publish exactly the files just checked; one replaced since (a reused form) is refused.
    const published = await Promise.all(staged.map((key, i) => storage.publish(key, keys[i]!, stored[i]!.version, contentType)));
    if (published.includes('changed')) {
      return c.json(errorBody(UPLOAD_CHANGED, { photo: UPLOAD_CHANGED }), 409);
    }
    const copies = sorted.map((width, i) => ({ url: photoUrl(keys[i]!), width }));
    const photo: ProjectPhoto = { id: uploadId, url: copies[copies.length - 1]!.url, copies, aspectRatio };
    const added = await addProjectPhoto(c.var.deps.db, id, photo, writeContext(c));
    // Added meanwhile by a request racing this one: the files are that photo's, so they stay.
    if (added === 'duplicate') return c.json(errorBody(PHOTO_ALREADY_ADDED), 409);
    // The list kept changing: the files stay, so adding again with the same upload works.
    if (added === 'conflict') return c.json(errorBody(PHOTOS_CHANGED), 409);
    if (added !== 'added') {
      await removeFiles(c, [...keys, ...staged]);
      if (added === 'notFound') return c.json(errorBody(NOT_FOUND), 404);
      return c.json(errorBody(`A project can have at most ${MAX_PROJECT_PHOTOS} photos. Remove one first.`), 409);
    }
    // The staged files stay until staging expires (a day), so their forms stay spent meanwhile.
    const project = await getProject(c.var.deps.db, id, true);
    if (!project) return c.json(errorBody(NOT_FOUND), 404);
    return c.json(await withCustomerName(c.var.deps.db, project), 201);
  })
  .delete('/:id/photos/:photoId', access.staff(), async (c) => {
    const { id, photoId } = c.req.param();
    const result = isEntityId(id) && isEntityId(photoId) ? await removeProjectPhoto(c.var.deps.db, id, photoId, writeContext(c)) : null;
    if (!result) return c.json(errorBody('Photo not found'), 404);
    if (result === 'conflict') return c.json(errorBody(PHOTOS_CHANGED), 409);
    // Files a photo left on the project still uses (an upload added twice before that was refused) stay.
    const inUse = new Set(result.kept.flatMap(photoKeys));
    await removeFiles(c, photoKeys(result.removed).filter((key) => !inUse.has(key)));
    const project = await getProject(c.var.deps.db, id, true);
    if (!project) return c.json(errorBody(NOT_FOUND), 404);
    return c.json(await withCustomerName(c.var.deps.db, project), 200);
  })
  .put('/:id/photos/:photoId/cover', access.staff(), async (c) => {
    const { id, photoId } = c.req.param();
    const done = isEntityId(id) && isEntityId(photoId) && (await makeCoverPhoto(c.var.deps.db, id, photoId, writeContext(c)));
    if (done === 'conflict') return c.json(errorBody(PHOTOS_CHANGED), 409);
    if (!done) return c.json(errorBody('Photo not found'), 404);
    const project = await getProject(c.var.deps.db, id, true);
    if (!project) return c.json(errorBody(NOT_FOUND), 404);
    return c.json(await withCustomerName(c.var.deps.db, project), 200);
  });

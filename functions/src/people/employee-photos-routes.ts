import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { profilePhotoSetSchema, profilePhotoUploadSchema, type ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import { detectPhotoType, MAX_PHOTO_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from '@app/shared-types/photos';
import { STALE_EMPLOYEE_MESSAGE } from '@app/shared-types/employees';
import { mayManageEmployee } from './employee-rules';
import { authOf, requireRole, writeContext } from '../auth';
import { employeeEntity, getEmployee, toEmployeeRecord } from './employee-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { employeePhotoKey, employeeStagingKey, ownEmployeePhotoKey, photoUrl } from '../photos';
import { removeFiles } from '../photos';
import { access } from '../lib/route-access';

const NOT_FOUND = 'Employee not found';
const FORBIDDEN = 'Only a superadmin can change the photo of an admin or superadmin';
/** Said with a 503 when the host provides no photo storage (each route answers it with its own c.json, keeping the client's types). */
const NO_PHOTO_STORAGE = 'Photo uploads are not available on this server';
/** The staged copy was replaced or deleted between the check and the publish. */
const UPLOAD_CHANGED = 'The upload changed while the photo was being saved. Upload the photo again.';

const manage = requireRole(...ADMIN_ROLES);

/** Sets (or, with '', clears) an employee's photo, version-checked and audited; answers the photo it replaced. */
async function setProfilePicture(c: Context<AppEnv>, id: string, url: string) {
  let previous = '';
  const result = await employeeEntity.update(
    c.var.deps.db,
    id,
    undefined,
    (before) => {
      previous = before.profilePicture;
      return { ...before, profilePicture: url };
    },
    writeContext(c),
  );
  return { result, previous };
}

/**
 * An employee's profile picture through the photo upload pipeline
 * (photo-storage.ts): a signed form for one copy to a staging key of its own,
 * checked by its size and first bytes, published once to
 * uploads/employees/<id>/<uploadId>.<ext>, then set as profilePicture with a
 * version-free update (audited), so an edit open elsewhere is told it is stale
 * rather than losing the photo silently. The previous picture's file is
 * removed after. Mounted under /users beside users.ts; the rule is the one of
 * editing that employee (mayManageEmployee): admins, and only a superadmin for
 * admins and superadmins, themselves included.
 */
export const employeePhotos = new Hono<AppEnv>()
  .post('/:id/photo-uploads', access.role('admin'), manage, limitBody(), requireJson, jsonBody(profilePhotoUploadSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const id = c.req.param('id');
    const target = isEntityId(id) ? await getEmployee(c.var.deps.db, id) : undefined;
    if (!target) return c.json(errorBody(NOT_FOUND), 404);
    if (!mayManageEmployee(authOf(c).employee, target.role, undefined)) return c.json(errorBody(FORBIDDEN), 403);
    const { contentType } = c.req.valid('json');
    const uploadId = randomUUID();
    const form = await storage.createUpload(employeeStagingKey(id, uploadId, contentType), contentType, MAX_PHOTO_BYTES);
    return c.json({ uploadId, ...form } satisfies ProfilePhotoUploadTicket, 201);
  })
  .put('/:id/photo', access.role('admin'), manage, limitBody(), requireJson, jsonBody(profilePhotoSetSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const id = c.req.param('id');
    const { db } = c.var.deps;
    const target = isEntityId(id) ? await getEmployee(db, id) : undefined;
    if (!target) return c.json(errorBody(NOT_FOUND), 404);
    const actor = authOf(c).employee;
    if (!mayManageEmployee(actor, target.role, undefined)) return c.json(errorBody(FORBIDDEN), 403);
    const { uploadId, contentType } = c.req.valid('json');
    const staged = employeeStagingKey(id, uploadId, contentType);
    const key = employeePhotoKey(id, uploadId, contentType);
    const url = photoUrl(key);
    // Check what actually arrived: its size, and its type by its first bytes, never by a name.
    const stored = await storage.inspect(staged);
    if (!stored) return c.json(errorBody('Upload the photo before saving it', { photo: 'Upload incomplete' }), 400);
    if (stored.size > MAX_PHOTO_BYTES) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(PHOTO_SIZE_MESSAGE, { photo: PHOTO_SIZE_MESSAGE }), 413);
    }
    if (detectPhotoType(stored.head) !== contentType) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(PHOTO_TYPE_MESSAGE, { photo: PHOTO_TYPE_MESSAGE }), 415);
    }
    // Publish exactly the file just checked; one replaced since (a reused form) is refused.
    // 'exists': the same upload saved by a racing request, whose file is the checked one too.
    const published = await storage.publish(staged, key, stored.version, contentType);
    if (published === 'changed') return c.json(errorBody(UPLOAD_CHANGED, { photo: UPLOAD_CHANGED }), 409);
    const { result, previous } = await setProfilePicture(c, id, url);
    if ('notFound' in result) {
      await removeFiles(c, [key]);
      return c.json(errorBody(NOT_FOUND), 404);
    }
    // Still changing under every retry: the published file stays, so saving the same upload again works.
    if ('stale' in result || 'taken' in result) return c.json(errorBody(STALE_EMPLOYEE_MESSAGE), 409);
    const old = ownEmployeePhotoKey(id, previous);
    if (old && old !== key) await removeFiles(c, [old]);
    log.info('employee photo set', { employeeId: id, by: actor.id });
    return c.json(toEmployeeRecord(result.item), 200);
  })
  .delete('/:id/photo', access.role('admin'), manage, async (c) => {
    const id = c.req.param('id');
    const { db } = c.var.deps;
    const target = isEntityId(id) ? await getEmployee(db, id) : undefined;
    if (!target) return c.json(errorBody(NOT_FOUND), 404);
    const actor = authOf(c).employee;
    if (!mayManageEmployee(actor, target.role, undefined)) return c.json(errorBody(FORBIDDEN), 403);
    const { result, previous } = await setProfilePicture(c, id, '');
    if ('notFound' in result) return c.json(errorBody(NOT_FOUND), 404);
    if ('stale' in result || 'taken' in result) return c.json(errorBody(STALE_EMPLOYEE_MESSAGE), 409);
    // Only a file uploaded for this employee is deleted (never one another record or a project uses).
    const old = ownEmployeePhotoKey(id, previous);
    if (old) await removeFiles(c, [old]);
    log.info('employee photo removed', { employeeId: id, by: actor.id });
    return c.json(toEmployeeRecord(result.item), 200);
  });

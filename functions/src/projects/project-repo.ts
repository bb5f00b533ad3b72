import { randomUUID } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as yup from 'yup';
import type { Page, PublicProject } from '@app/shared-types/api';
import { ACTIVE_PROJECT_STATUSES, type PublicProjectStatus } from '@app/shared-types/constants';
import { customerName } from '@app/shared-types/customers';
import { MAX_PROJECT_PHOTOS, type ProjectPhoto } from '@app/shared-types/photos';
import { derivedPublicStatus, projectSlug, storedProjectSchema, type Project, type ProjectInput, type ProjectListQuery, type ProjectUpdateInput } from '@app/shared-types/projects';
import type { Db } from '../db/client';
import { decodeListCursor, encodeCursor } from '../db/cursor';
import { addCustomerProjectCount, getCustomers } from '../customers';
import { defineEntity, WriteConflict, type ItemKey, type WriteContext } from '../db/entity';
import { defineItem, type Condition } from '../db/item';
import { ContendedWrite, plan, PlanConditionFailed } from '../db/plan';
import { notify } from '../notify';
import { keys } from '../db/keys';
import { dashboardCounter } from '../dashboard';

type Item = Record<string, NativeAttributeValue>;

/** The status the website shows: the one staff set, or the one the internal status implies. */
export function shownStatus(project: Pick<Project, 'publicStatus' | 'status'>): PublicProjectStatus {
  return project.publicStatus ?? derivedPublicStatus(project.status);
}

const byCreation = (project: Project) => keys.projectCreatedSort(project.createdAt, project.id);

export const projectEntity = defineEntity({
  type: 'Project',
  schema: storedProjectSchema,
  key: keys.project,
  partition: 'PROJECT#*',
  // The website reads it; a client's approval creates one (or reads the quote's).
  grants: { public: ['read'], clientLink: ['read', 'write'] },
  // The website's list (gsi1 holds only the projects shown there); an approved project's counts and search tokens.
  otherPartitions: { PUBLIC_PROJECTS: { public: ['queryGsi1'] }, STATS: { clientLink: ['write'] }, 'SEARCH#Project#*': { clientLink: ['write'] } },
  indexes: {
    // The website's list: only projects shown there, by public status.
    gsi1: (project) =>
      project.showOnWebsite ? { pk: keys.publicProjects(), sk: keys.publicProjectSort(shownStatus(project), project.createdAt, project.id) } : undefined,
    gsi2: (project) => ({ pk: keys.projects(), sk: byCreation(project) }),
    gsi3: (project) => ({ pk: keys.projectsByStatus(project.status), sk: byCreation(project) }),
  },
  patterns: {
    website: { index: 'gsi1', partition: () => keys.publicProjects() },
    all: { index: 'gsi2', partition: () => keys.projects() },
    byStatus: { index: 'gsi3', partition: ({ status }: Pick<Project, 'status'>) => keys.projectsByStatus(status) },
  },
  // The website address: one project per slug (a project saved before slugs has none until the data upgrade).
  unique: [
    {
      name: 'ProjectSlug',
      partition: 'PROJSLUG#*',
      key: (project) => (project.slug ? keys.projectSlug(project.slug) : undefined),
      owner: 'projectId',
      // Typed: refused when taken (409). Blank: the n-th candidate of the website title, else the name ('villa', 'villa-2'...).
      contested: { field: 'slug', derive: (project, n) => projectSlug(project.title || project.name, n) },
    },
  ],
  counts: (project) => ({ DASHBOARD: { [dashboardCounter.activeProjects]: ACTIVE_PROJECT_STATUSES.includes(project.status) ? 1 : 0 } }),
  search: (project) => ({ texts: [project.name, project.title, project.customerName, project.location, project.projectType, project.siteAddress] }),
  // Photos are added and reordered by their own writes, never from an edit form.
  kept: ['images'],
});

/** The projection every public read goes through: customer, budget, costs and notes never leave. */
export function toPublicProject(project: Project): PublicProject {
  return {
    id: project.id,
    slug: project.slug,
    title: project.title || project.name,
    description: project.description,
    imageUrl: project.images[0]?.url ?? '',
    images: project.images,
    status: shownStatus(project),
    category: project.category || project.projectType,
    area: project.area,
    location: project.location,
  };
}

export function newProject(input: ProjectInput, now: string, customerLabel: string, leadId: string | null = null): Project {
  return { id: randomUUID(), ...input, customerName: customerLabel, images: [], leadId, createdAt: now, updatedAt: now, version: 1 };
}

/** The id of the project holding `slug`, if one does (a read of its marker). */
export async function projectSlugOwner(db: Db, slug: string, consistent = true): Promise<string | undefined> {
  return (await projectSlugKind.get(db, [slug], { consistent }))?.projectId;
}

/** The slug marker of a project (projectEntity's ProjectSlug marker, written by the entity): who holds a website address. */
export const projectSlugKind = defineItem({
  type: 'ProjectSlug',
  schema: yup.object({ projectId: yup.string().required() }),
  key: (slug: string) => keys.projectSlug(slug),
  partition: 'PROJSLUG#*',
  // The website reads it; a project made by a client's approval claims its address.
  grants: { public: ['read'], clientLink: ['read', 'write'] },
});

export type CreateProjectResult = { project: Project } | { customerMissing: true } | { slugTaken: true };

/**
 * A new project. A typed slug is claimed as it is ({ slugTaken } when another
 * project holds it); a blank one is derived from the title (else the name),
 * '-2', '-3'... after the taken ones, and a candidate lost to a concurrent
 * save moves on to the next (the entity layer's claim, projectEntity's
 * ProjectSlug marker).
 */
export async function createProject(db: Db, input: ProjectInput, ctx: WriteContext, id?: string): Promise<CreateProjectResult> {
  const customer = (await getCustomers(db, [input.customerId])).get(input.customerId);
  if (!customer) return { customerMissing: true };
  const project = { ...newProject(input, ctx.now, customerName(customer)), ...(id ? { id } : {}) };
  try {
    // The customer's count fails the transaction if the customer went away meanwhile.
    const result = await projectEntity.create(db, project, ctx, (p) => addCustomerProjectCount(p, 'customer', project.customerId, 1));
    return 'taken' in result ? { slugTaken: true } : { project: result.item };
  } catch (error) {
    if (error instanceof WriteConflict) return { customerMissing: true };
    throw error;
  }
}

export const getProject = (db: Db, id: string, consistent = false) => projectEntity.get(db, id, consistent);

/** Staff projects with their customers' current names. */
export async function withCustomerNames(db: Db, projects: Project[]): Promise<Project[]> {
  const customers = await getCustomers(db, projects.map((project) => project.customerId));
  return projects.map((project) => {
    const customer = customers.get(project.customerId);
    return { ...project, customerName: customer ? customerName(customer) : '' };
  });
}

/** One staff project with its customer's current name. */
export async function withCustomerName(db: Db, project: Project): Promise<Project> {
  return (await withCustomerNames(db, [project]))[0]!;
}

export type UpdateProjectResult = { project: Project } | { notFound: true } | { stale: Project } | { customerMissing: true } | { slugTaken: true };

/**
 * Saves staff edits if the project is still at `input.version`, moving the
 * customer's project count and the dashboard count with it in one
 * transaction. Photos are not part of the form and are left as they are.
 */
export async function updateProject(db: Db, id: string, { version, ...fields }: ProjectUpdateInput, ctx: WriteContext): Promise<UpdateProjectResult> {
  const customer = (await getCustomers(db, [fields.customerId])).get(fields.customerId);
  if (!customer) return { customerMissing: true };
  // A blank slug keeps the one the project has (a rename keeps its address); one without gets a derived one (the entity's claim).
  const slugOf = (before: Project) => fields.slug || before.slug;
  try {
    const result = await projectEntity.update(db, id, version, (before) => ({ ...before, ...fields, slug: slugOf(before), customerName: customerName(customer) }), ctx, {
      extra: (p, before, after) => {
        if (before.customerId !== after.customerId) {
          addCustomerProjectCount(p, 'customer', after.customerId, 1);
          addCustomerProjectCount(p, 'previousCustomer', before.customerId, -1);
        }
        if (before.status !== after.status) notify(p, { kind: 'project.status', projectId: id, name: after.name, from: before.status, to: after.status });
      },
    });
    if ('stale' in result) return { stale: await withCustomerName(db, result.stale) };
    if ('taken' in result) return { slugTaken: true };
    if ('item' in result) return { project: { ...result.item, customerName: customerName(customer) } };
    return { notFound: true };
  } catch (error) {
    if (error instanceof WriteConflict && error.entry === 'customer') return { customerMissing: true };
    throw error;
  }
}

/**
 * Deletes a project with its counts (its customer's and the dashboard's) in
 * one transaction, conditioned on the version the counts were worked out
 * from. Returns the deleted project (its photos are the caller's to remove),
 * or undefined when there was none.
 */
export async function deleteProject(db: Db, id: string, ctx: WriteContext): Promise<Project | undefined> {
  const result = await projectEntity.remove(db, id, ctx, { extra: (p, project) => addCustomerProjectCount(p, 'customer', project.customerId, -1) });
  return 'deleted' in result ? result.deleted : undefined;
}

/** The index partition a staff list reads: every project, or one status. */
const listOf = (query: Pick<ProjectListQuery, 'status'>) =>
  query.status ? projectEntity.source('byStatus', { status: query.status }) : projectEntity.source('all', {});

export const projectCursorKeys = (query: Pick<ProjectListQuery, 'status' | 'q'>) => projectEntity.cursorKeys(listOf(query), query.q);

/** One page of projects, newest first; `q` matches name, title, location, type or customer. */
export async function listProjects(db: Db, query: ProjectListQuery, start?: ItemKey) {
  const { items, lastKey } = await projectEntity.list(db, listOf(query), {
    limit: query.limit,
    start,
    q: query.q,
    where: query.status && query.q ? (project) => project.status === query.status : undefined,
  });
  return { items: await withCustomerNames(db, items), lastKey };
}

const MAX_ATTEMPTS = 5;

/** A pause of up to 25 ms × 2^attempt, chosen at random so racing writers spread out. */
const jitteredBackoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));

/** The condition that the photo list is exactly `images` (same photos, same order). */
function sameListCondition(images: readonly ProjectPhoto[]): Condition {
  const values: Item = { ':cSize': images.length };
  const sameIds = images.map((photo, i) => {
    values[`:cId${i}`] = photo.id;
    return `images[${i}].id = :cId${i}`;
  });
  const size = images.length === 0 ? '(attribute_not_exists(images) OR size(images) = :cSize)' : 'size(images) = :cSize';
  return { expression: ['attribute_exists(pk)', size, ...sameIds].join(' AND '), values };
}

/**
 * Writes the photo list `next` over `images` as read (the condition: unchanged
 * since), with the change's audit entry: photos are not edit-form fields, so
 * the version stays. False when the list moved on (or kept being written) meanwhile.
 */
async function writePhotos(db: Db, ctx: WriteContext, id: string, images: readonly ProjectPhoto[], next: ProjectPhoto[], change: { before: string | null; after: string | null }): Promise<boolean> {
  try {
    await plan(db, ctx)
      .write('project', { op: 'update', type: projectEntity.type, key: keys.project(id), set: { images: next, updatedAt: ctx.now }, condition: sameListCondition(images) })
      .audit({ entity: projectEntity.type, entityId: id, action: 'update', changes: { photo: change } })
      .commit();
    return true;
  } catch (error) {
    if (error instanceof PlanConditionFailed || error instanceof ContendedWrite) return false;
    throw error;
  }
}

export type AddPhotoResult = 'added' | 'notFound' | 'full' | 'duplicate' | 'conflict';

/**
 * Adds a photo at the end of the list (the first one becomes the cover), on
 * the condition that the list is still the one read: an upload already on the
 * project is never added twice ('duplicate'), even by two requests at once.
 * 'conflict' when the list kept changing under it.
 */
export async function addProjectPhoto(db: Db, id: string, photo: ProjectPhoto, ctx: WriteContext): Promise<AddPhotoResult> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const project = await getProject(db, id, true);
    if (!project) return 'notFound';
    if (project.images.some((existing) => existing.id === photo.id)) return 'duplicate';
    if (project.images.length >= MAX_PROJECT_PHOTOS) return 'full';
    if (await writePhotos(db, ctx, id, project.images, [...project.images, photo], { before: null, after: photo.id })) return 'added';
    if (attempt < MAX_ATTEMPTS) await jitteredBackoff(attempt);
  }
  return 'conflict';
}

/**
 * Rewrites the photo list as `reorder` makes it from the current one, on the
 * condition that the list is exactly what was read (same photos, same order),
 * so a concurrent add or removal is never lost; tried again with jittered
 * backoff. Returns the photos the rewrite dropped and the ones kept, null when
 * the project or the photo does not exist, or 'conflict' when the list kept
 * changing under it.
 */
async function rewritePhotos(
  db: Db,
  id: string,
  photoId: string,
  reorder: (photos: ProjectPhoto[], index: number) => { next: ProjectPhoto[]; removed: ProjectPhoto[] },
  ctx: WriteContext,
): Promise<{ removed: ProjectPhoto[]; kept: ProjectPhoto[] } | null | 'conflict'> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const project = await getProject(db, id, true);
    const index = project?.images.findIndex((photo) => photo.id === photoId) ?? -1;
    if (!project || index < 0) return null;
    const { next, removed } = reorder(project.images, index);
    const change = removed.length > 0 ? { before: photoId, after: null } : { before: project.images[0]?.id ?? null, after: next[0]?.id ?? null };
    if (await writePhotos(db, ctx, id, project.images, next, change)) return { removed, kept: next };
    if (attempt < MAX_ATTEMPTS) await jitteredBackoff(attempt);
  }
  return 'conflict';
}

/**
 * Takes a photo off a project. Returns it with the photos left (its files are
 * the caller's to delete, except those a photo left still uses), null when
 * there is no such photo, or 'conflict'.
 */
export async function removeProjectPhoto(
  db: Db,
  id: string,
  photoId: string,
  ctx: WriteContext,
): Promise<{ removed: ProjectPhoto; kept: ProjectPhoto[] } | null | 'conflict'> {
  const result = await rewritePhotos(db, id, photoId, (photos, index) => ({ next: photos.filter((_, i) => i !== index), removed: [photos[index]!] }), ctx);
  if (result === null || result === 'conflict') return result;
  return { removed: result.removed[0]!, kept: result.kept };
}

/** Makes a photo the cover (first); false when the project or photo does not exist, 'conflict' when the list kept changing. */
export async function makeCoverPhoto(db: Db, id: string, photoId: string, ctx: WriteContext): Promise<boolean | 'conflict'> {
  const result = await rewritePhotos(
    db,
    id,
    photoId,
    (photos, index) => ({ next: [photos[index]!, ...photos.filter((_, i) => i !== index)], removed: [] }),
    ctx,
  );
  return result === 'conflict' ? result : result !== null;
}

const WEBSITE_LIST = projectEntity.source('website', {});

/** The website's list, by public status; null for a cursor that is not one of this list's. */
export async function listPublicProjects(
  db: Db,
  options: { status?: PublicProjectStatus; limit: number; cursor?: string },
): Promise<Page<PublicProject> | null> {
  const sk = options.status ? { beginsWith: `${options.status}#` } : undefined;
  // The cursor must continue this list, inside the status asked for (DynamoDB throws on a start key outside it).
  const start = decodeListCursor(options.cursor, projectEntity.cursorKeys(WEBSITE_LIST, undefined, false, sk));
  if (start === null) return null;
  const { items, lastKey } = await projectEntity.query(db, WEBSITE_LIST, { limit: options.limit, start, sk });
  return { items: items.map(toPublicProject), nextCursor: encodeCursor(lastKey) };
}

/** Website projects a related-projects pick looks at: one page of the website's list (a Query, never a Scan). */
export const RELATED_CANDIDATES = 50;
export const RELATED_COUNT = 3;

/**
 * The projects a website project's page suggests: others of its category first, then the rest
 * in the website list's order (finished first), each with its cover photo only. Read from one
 * page of the website list (gsi1), the public function's own read.
 */
export async function relatedPublicProjects(db: Db, project: PublicProject): Promise<PublicProject[]> {
  const { items } = await projectEntity.query(db, WEBSITE_LIST, { limit: RELATED_CANDIDATES });
  const others = items.map(toPublicProject).filter((other) => other.id !== project.id);
  const category = project.category.toLowerCase();
  const sameCategory = others.filter((other) => other.category.toLowerCase() === category);
  const rest = others.filter((other) => other.category.toLowerCase() !== category);
  return [...sameCategory, ...rest].slice(0, RELATED_COUNT).map((other) => ({ ...other, images: other.images.slice(0, 1) }));
}

/** The website's projects' addresses and last changes only (the sitemap), page after page. */
export const websiteProjectDates = (db: Db, limit: number, start?: ItemKey) => projectEntity.queryFields(db, WEBSITE_LIST, ['id', 'slug', 'updatedAt'], { limit, start });

export async function getPublicProject(db: Db, id: string): Promise<PublicProject | undefined> {
  const project = await getProject(db, id);
  return project?.showOnWebsite ? toPublicProject(project) : undefined;
}

/**
 * The website's project at /projects/:param (GET /api/projects/:slugOrId, which
 * the server's page render reads too): a project shown on the website, by its
 * slug or by its id (its address before slugs); anything else (unknown, or not
 * on the website) is undefined, a 404. The project carries its slug: the page
 * render answers an old id address with a 301 there, and the client replaces
 * its URL. Reads by GetItem only (the marker, then the project).
 */
export async function resolvePublicProject(db: Db, param: string): Promise<PublicProject | undefined> {
  if (!/^[A-Za-z0-9-]{1,120}$/.test(param)) return undefined;
  const ownerId = await projectSlugOwner(db, param, false);
  const bySlug = ownerId ? await getProject(db, ownerId) : undefined;
  // The marker can outlive a slug change by a moment: the project must still carry the slug.
  if (bySlug?.showOnWebsite && bySlug.slug === param) return toPublicProject(bySlug);
  const byId = await getProject(db, param);
  return byId?.showOnWebsite ? toPublicProject(byId) : undefined;
}

import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Page, PublicProject } from '@app/shared-types/api';
import { ACTIVE_PROJECT_STATUSES, type ProjectStatus, type PublicProjectStatus } from '@app/shared-types/constants';
import { customerName } from '@app/shared-types/customers';
import { MAX_PROJECT_PHOTOS, type ProjectPhoto } from '@app/shared-types/photos';
import { derivedPublicStatus, type Project, type ProjectInput, type ProjectListQuery, type ProjectUpdateInput } from '@app/shared-types/projects';
import type { Db } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { customerProjectCountWrite, getCustomers } from './customer-repo';
import { keys } from './keys';
import { cursorKeysOf, queryPage, searchTerm, type ItemKey, type ListSource } from './list-query';
import { counterUpdate, dashboardCounter, type CounterDeltas } from './stats-repo';
import { isConditionalCheckFailed, isTransactionCanceled, putNew, transactWrite, versionedUpdate, type TransactItem } from './writes';

type Item = Record<string, NativeAttributeValue>;

/** A project as stored: the staff view without the customer's name, which is read with it. */
export type StoredProject = Omit<Project, 'customerName'>;

/** The project as the API returns it to staff (customerName filled in by the caller). */
export function toStoredProject(item: Item): StoredProject {
  return {
    id: item.id as string,
    customerId: item.customerId as string,
    name: item.name as string,
    projectType: item.projectType as Project['projectType'],
    description: (item.description as string | undefined) ?? '',
    status: item.status as ProjectStatus,
    priority: (item.priority as Project['priority'] | undefined) ?? 'medium',
    estimatedBudget: (item.estimatedBudget as number | null | undefined) ?? null,
    actualCost: (item.actualCost as number | null | undefined) ?? null,
    startDate: (item.startDate as string | null | undefined) ?? null,
    estimatedEndDate: (item.estimatedEndDate as string | null | undefined) ?? null,
    progress: (item.progress as number | undefined) ?? 0,
    siteAddress: (item.siteAddress as string | undefined) ?? '',
    requirements: (item.requirements as string | undefined) ?? '',
    notes: (item.notes as string | undefined) ?? '',
    title: (item.title as string | undefined) ?? '',
    category: (item.category as string | undefined) ?? '',
    area: (item.area as string | undefined) ?? '',
    location: (item.location as string | undefined) ?? '',
    publicStatus: (item.publicStatus as PublicProjectStatus | null | undefined) ?? null,
    showOnWebsite: item.showOnWebsite === true,
    images: (item.images as ProjectPhoto[] | undefined) ?? [],
    leadId: (item.leadId as string | null | undefined) ?? null,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}

/** The status the website shows: the one staff set, or the one the internal status implies. */
export function shownStatus(project: Pick<StoredProject, 'publicStatus' | 'status'>): PublicProjectStatus {
  return project.publicStatus ?? derivedPublicStatus(project.status);
}

/** The projection every public read goes through: customer, budget, costs and notes never leave. */
export function toPublicProject(project: StoredProject): PublicProject {
  return {
    id: project.id,
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

type ProjectFields = Omit<ProjectInput, never>;

/**
 * The attributes that follow from a project's fields: the indexes that list it
 * (every project, by status, and the website's list when shown there) and the
 * search text. Undefined removes an attribute (a project taken off the website).
 */
function derived(project: ProjectFields & Pick<StoredProject, 'id' | 'createdAt'>, customerLabel: string) {
  const onWebsite = project.showOnWebsite;
  return {
    gsi1pk: onWebsite ? keys.publicProjects() : undefined,
    gsi1sk: onWebsite
      ? keys.publicProjectSort(project.publicStatus ?? derivedPublicStatus(project.status), project.createdAt, project.id)
      : undefined,
    gsi2pk: keys.projects(),
    gsi2sk: keys.projectCreatedSort(project.createdAt, project.id),
    gsi3pk: keys.projectsByStatus(project.status),
    gsi3sk: keys.projectCreatedSort(project.createdAt, project.id),
    searchText: [project.name, project.title, project.location, project.siteAddress, project.projectType, customerLabel]
      .join(' ')
      .toLowerCase(),
  };
}

function withoutUndefined(values: Item): Item {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

const isActive = (status: ProjectStatus) => ACTIVE_PROJECT_STATUSES.includes(status);

/** The dashboard's 'Active Projects' change when a project in `status` appears (+1) or goes (-1). */
export function projectCounterDeltas(status: ProjectStatus, sign: 1 | -1): CounterDeltas {
  return isActive(status) ? { [dashboardCounter.activeProjects]: sign } : {};
}

export function newProject(input: ProjectInput, now: string, leadId: string | null = null): StoredProject {
  return { id: randomUUID(), ...input, images: [], leadId, createdAt: now, updatedAt: now, version: 1 };
}

/**
 * The transaction entries that create a project: the item, its customer's
 * project count (which fails the transaction if the customer is gone) and
 * the dashboard count. `countOnCustomer: false` when the same transaction
 * creates the customer with the count already in it; `counters: false` when
 * the caller gathers the transaction's counts into one entry.
 */
export function createProjectWrites(
  db: Db,
  project: StoredProject,
  customerLabel: string,
  { countOnCustomer = true, counters = true } = {},
): TransactItem[] {
  return [
    putNew(db, withoutUndefined({ ...keys.project(project.id), entityType: 'Project', ...project, ...derived(project, customerLabel) })),
    countOnCustomer ? customerProjectCountWrite(db, project.customerId, 1) : null,
    counters ? counterUpdate(db, 'DASHBOARD', projectCounterDeltas(project.status, 1)) : null,
  ].filter((item): item is TransactItem => item !== null);
}

export type CreateProjectResult = { project: Project } | { customerMissing: true };

export async function createProject(db: Db, input: ProjectInput, now: string, id?: string): Promise<CreateProjectResult> {
  const customer = (await getCustomers(db, [input.customerId])).get(input.customerId);
  if (!customer) return { customerMissing: true };
  const project = { ...newProject(input, now), ...(id ? { id } : {}) };
  try {
    await transactWrite(db, createProjectWrites(db, project, customerName(customer)));
  } catch (error) {
    if (isTransactionCanceled(error, 1)) return { customerMissing: true };
    throw error;
  }
  return { project: { ...project, customerName: customerName(customer) } };
}

export async function getProject(db: Db, id: string, consistent = false): Promise<StoredProject | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.project(id), ConsistentRead: consistent }));
  return Item ? toStoredProject(Item) : undefined;
}

/** Staff projects with their customers' current names. */
export async function withCustomerNames(db: Db, projects: StoredProject[]): Promise<Project[]> {
  const customers = await getCustomers(db, projects.map((project) => project.customerId));
  return projects.map((project) => {
    const customer = customers.get(project.customerId);
    return { ...project, customerName: customer ? customerName(customer) : '' };
  });
}

/** One staff project with its customer's current name. */
export async function withCustomerName(db: Db, project: StoredProject): Promise<Project> {
  return (await withCustomerNames(db, [project]))[0]!;
}

export type UpdateProjectResult = { project: Project } | { notFound: true } | { stale: Project } | { customerMissing: true };

/**
 * Saves staff edits if the project is still at `input.version`, moving the
 * customer's project count and the dashboard count with it in one
 * transaction. Photos are not part of the form and are left as they are.
 */
export async function updateProject(db: Db, id: string, input: ProjectUpdateInput, now: string): Promise<UpdateProjectResult> {
  const { version, ...fields } = input;
  const before = await getProject(db, id, true);
  if (!before) return { notFound: true };
  if (before.version !== version) return { stale: await withCustomerName(db, before) };
  const customer = (await getCustomers(db, [fields.customerId])).get(fields.customerId);
  if (!customer) return { customerMissing: true };
  const customerChanged = before.customerId !== fields.customerId;
  const writes: TransactItem[] = [
    {
      Update: versionedUpdate(
        db,
        keys.project(id),
        { ...fields, ...derived({ ...fields, id, createdAt: before.createdAt }, customerName(customer)), updatedAt: now },
        version,
      ),
    },
    ...(customerChanged
      ? [customerProjectCountWrite(db, fields.customerId, 1), customerProjectCountWrite(db, before.customerId, -1)]
      : []),
  ];
  const counter = counterUpdate(db, 'DASHBOARD', {
    [dashboardCounter.activeProjects]: (isActive(fields.status) ? 1 : 0) - (isActive(before.status) ? 1 : 0),
  });
  if (counter) writes.push(counter);
  try {
    await transactWrite(db, writes);
  } catch (error) {
    if (isTransactionCanceled(error, 0)) {
      const current = await getProject(db, id, true);
      return current ? { stale: await withCustomerName(db, current) } : { notFound: true };
    }
    if (customerChanged && isTransactionCanceled(error, 1)) return { customerMissing: true };
    throw error;
  }
  const after: StoredProject = { ...before, ...fields, updatedAt: now, version: version + 1 };
  return { project: { ...after, customerName: customerName(customer) } };
}

const MAX_ATTEMPTS = 5;

/**
 * Deletes a project with its counts (its customer's and the dashboard's) in
 * one transaction, conditioned on the status and customer the counts were
 * worked out from. Returns the deleted project (its photos are the caller's
 * to remove), or undefined when there was none.
 */
export async function deleteProject(db: Db, id: string): Promise<StoredProject | undefined> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const project = await getProject(db, id, true);
    if (!project) return undefined;
    try {
      await transactWrite(db, [
        {
          Delete: {
            TableName: db.table,
            Key: keys.project(id),
            ConditionExpression: '#status = :status AND customerId = :customerId',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': project.status, ':customerId': project.customerId },
          },
        },
        {
          Update: {
            TableName: db.table,
            Key: keys.customer(project.customerId),
            UpdateExpression: 'ADD projectCount :minusOne',
            // A project's customer always exists (its count keeps it); if not, do not recreate it.
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':minusOne': -1 },
          },
        },
        counterUpdate(db, 'DASHBOARD', projectCounterDeltas(project.status, -1)),
      ]);
      return project;
    } catch (error) {
      // Its status or customer changed between the read and the delete: read again.
      if (isTransactionCanceled(error, 0) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
  throw new Error(`project ${id} kept changing while being deleted`);
}

/** The index partition a staff list reads: every project, or one status. */
function listSource(query: Pick<ProjectListQuery, 'status'>): ListSource {
  return query.status
    ? { index: 'gsi3', pkName: 'gsi3pk', skName: 'gsi3sk', pk: keys.projectsByStatus(query.status), forward: true }
    : { index: 'gsi2', pkName: 'gsi2pk', skName: 'gsi2sk', pk: keys.projects(), forward: true };
}

export const projectCursorKeys = (query: Pick<ProjectListQuery, 'status'>) => cursorKeysOf(listSource(query));

/** One page of projects, newest first; `q` matches name, title, location, type or customer. */
export async function listProjects(db: Db, query: ProjectListQuery, start?: ItemKey) {
  const search = searchTerm(query.q);
  const filter = search ? { expressions: ['contains(searchText, :q)'], values: { ':q': search } } : { expressions: [] };
  const { items, lastKey } = await queryPage(db, listSource(query), filter, query.limit, start);
  return { items: await withCustomerNames(db, items.map(toStoredProject)), lastKey };
}

/** Adds a photo at the end of the list (the first one becomes the cover). False when the project is gone or full. */
export async function addProjectPhoto(db: Db, id: string, photo: ProjectPhoto, now: string): Promise<'added' | 'notFound' | 'full'> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.project(id),
        UpdateExpression: 'SET images = list_append(if_not_exists(images, :empty), :photo), updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(images) OR size(images) < :max)',
        ExpressionAttributeValues: { ':empty': [], ':photo': [photo], ':now': now, ':max': MAX_PROJECT_PHOTOS },
      }),
    );
    return 'added';
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    return (await getProject(db, id, true)) ? 'full' : 'notFound';
  }
}

/**
 * Rewrites the photo list as `reorder` makes it from the current one, on the
 * condition that the list is exactly what was read (same photos, same order),
 * so a concurrent add or removal is never lost. Returns the photos the
 * rewrite dropped, or null when the project or the photo does not exist.
 */
async function rewritePhotos(
  db: Db,
  id: string,
  photoId: string,
  reorder: (photos: ProjectPhoto[], index: number) => ProjectPhoto[],
  now: string,
): Promise<{ removed: ProjectPhoto[] } | null> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const project = await getProject(db, id, true);
    const index = project?.images.findIndex((photo) => photo.id === photoId) ?? -1;
    if (!project || index < 0) return null;
    const next = reorder(project.images, index);
    const values: Item = { ':next': next, ':now': now, ':size': project.images.length };
    const sameList = project.images.map((photo, i) => {
      values[`:id${i}`] = photo.id;
      return `images[${i}].id = :id${i}`;
    });
    try {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: keys.project(id),
          UpdateExpression: 'SET images = :next, updatedAt = :now',
          ConditionExpression: ['size(images) = :size', ...sameList].join(' AND '),
          ExpressionAttributeValues: values,
        }),
      );
      return { removed: project.images.filter((photo) => !next.some((kept) => kept.id === photo.id)) };
    } catch (error) {
      if (isConditionalCheckFailed(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
  return null;
}

/** Takes a photo off a project; returns it (its files are the caller's to delete), or null. */
export async function removeProjectPhoto(db: Db, id: string, photoId: string, now: string): Promise<ProjectPhoto | null> {
  const result = await rewritePhotos(db, id, photoId, (photos, index) => photos.filter((_, i) => i !== index), now);
  return result?.removed[0] ?? null;
}

/** Makes a photo the cover (first); false when the project or photo does not exist. */
export async function makeCoverPhoto(db: Db, id: string, photoId: string, now: string): Promise<boolean> {
  const result = await rewritePhotos(db, id, photoId, (photos, index) => [photos[index]!, ...photos.filter((_, i) => i !== index)], now);
  return result !== null;
}

const PUBLIC_CURSOR_KEYS = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];

export async function listPublicProjects(
  db: Db,
  options: { status?: PublicProjectStatus; limit: number; cursor?: string },
): Promise<Page<PublicProject> | null> {
  const startKey = decodeCursor(options.cursor, PUBLIC_CURSOR_KEYS);
  if (startKey === null) return null;
  const { Items = [], LastEvaluatedKey } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: options.status ? 'gsi1pk = :pk AND begins_with(gsi1sk, :status)' : 'gsi1pk = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.publicProjects(),
        ...(options.status ? { ':status': `${options.status}#` } : {}),
      },
      Limit: options.limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: Items.map((item) => toPublicProject(toStoredProject(item))), nextCursor: encodeCursor(LastEvaluatedKey) };
}

export async function getPublicProject(db: Db, id: string): Promise<PublicProject | undefined> {
  const project = await getProject(db, id);
  return project?.showOnWebsite ? toPublicProject(project) : undefined;
}

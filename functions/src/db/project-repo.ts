import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicProject, Page } from '@app/shared-types/api';
import { ACTIVE_PROJECT_STATUSES, type PublicProjectStatus } from '@app/shared-types/constants';
import type { Db } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { keys } from './keys';
import { counterUpdate, dashboardCounter } from './stats-repo';
import { putNew, transactWrite } from './writes';

/** A project as stored: the public fields plus what only staff may see. */
export interface ProjectItem extends PublicProject {
  showOnWebsite: boolean;
  client: string;
  budget: number | null;
  actualCost: number | null;
  internalStatus: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The projection every public read goes through: internal fields never leave. */
export function toPublicProject(item: ProjectItem): PublicProject {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    imageUrl: item.imageUrl,
    images: item.images,
    status: item.status,
    category: item.category,
    area: item.area,
    location: item.location,
  };
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
  return { items: (Items as ProjectItem[]).map(toPublicProject), nextCursor: encodeCursor(LastEvaluatedKey) };
}

export async function getPublicProject(db: Db, id: string): Promise<PublicProject | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.project(id) }));
  const item = Item as ProjectItem | undefined;
  return item?.showOnWebsite ? toPublicProject(item) : undefined;
}

/** Creates a project; fails if the id exists. An active project counts on the dashboard. */
export async function createProject(db: Db, project: Omit<ProjectItem, 'version'>): Promise<void> {
  const active = (ACTIVE_PROJECT_STATUSES as readonly string[]).includes(project.internalStatus);
  await transactWrite(db, [
    putNew(db, {
      ...keys.project(project.id),
      entityType: 'Project',
      version: 1,
      ...project,
      ...(project.showOnWebsite
        ? {
            gsi1pk: keys.publicProjects(),
            gsi1sk: keys.publicProjectSort(project.status, project.createdAt, project.id),
          }
        : {}),
    }),
    active ? counterUpdate(db, 'DASHBOARD', { [dashboardCounter.activeProjects]: 1 }) : null,
  ]);
}

import { randomUUID } from 'node:crypto';
import {
  departmentNameKey,
  jobRoleSchema,
  type JobRoleInput,
  type JobRoleListQuery,
  type JobRoleRecord,
  type JobRoleUpdateInput,
} from '@app/shared-types/departments';
import type { Db } from '../db/client';
import { defineEntity, type ItemKey, type WriteContext } from '../db/entity';
import { conditions } from '../db/item';
import type { WritePlan } from '../db/plan';
import { departmentKeys, getDepartment } from './departments';

/** Job roles (SPEC.md 3 "roles"): all by name in gsi1, one department's by name in gsi2, names unique by marker. */
const jobRoleKeys = {
  item: (id: string) => ({ pk: `JOBROLE#${id}`, sk: 'JOBROLE' }),
  all: () => 'JOBROLES',
  ofDepartment: (departmentId: string) => `JOBROLEDEPT#${departmentId}`,
  name: (name: string) => ({ pk: `JOBROLENAME#${departmentNameKey(name)}`, sk: 'JOBROLENAME' }),
};

const byName = (role: JobRoleRecord) => `${departmentNameKey(role.name)}#${role.id}`;

export const jobRoleEntity = defineEntity({
  type: 'JobRole',
  schema: jobRoleSchema,
  key: jobRoleKeys.item,
  partition: 'JOBROLE#*',
  indexes: {
    gsi1: (role) => ({ pk: jobRoleKeys.all(), sk: byName(role) }),
    gsi2: (role) => ({ pk: jobRoleKeys.ofDepartment(role.departmentId), sk: byName(role) }),
  },
  patterns: {
    all: { index: 'gsi1', partition: () => jobRoleKeys.all() },
    ofDepartment: { index: 'gsi2', partition: ({ departmentId }: { departmentId: string }) => jobRoleKeys.ofDepartment(departmentId) },
  },
  unique: [{ name: 'JobRoleName', partition: 'JOBROLENAME#*', key: (role) => jobRoleKeys.name(role.name), owner: 'jobRoleId' }],
});

/** The job role's department exists, checked in the write's own transaction (a department deleted meanwhile refuses it). */
/** The role's department still exists when the role is written. */
const departmentExists = (departmentId: string) => (p: WritePlan) =>
  p.check('department', { op: 'check', type: 'Department', key: departmentKeys.item(departmentId), condition: conditions.present() });

export const getJobRole = (db: Db, id: string) => jobRoleEntity.get(db, id);

export async function createJobRole(db: Db, input: JobRoleInput, ctx: WriteContext) {
  if (!(await getDepartment(db, input.departmentId))) return { unknownDepartment: true } as const;
  const role: JobRoleRecord = { id: randomUUID(), ...input, createdAt: ctx.now, updatedAt: ctx.now, version: 1 };
  return orUnknownDepartment(db, input.departmentId, () => jobRoleEntity.create(db, role, ctx, departmentExists(input.departmentId)));
}

/** A write whose department was deleted between the read and the write answers unknownDepartment too. */
async function orUnknownDepartment<R>(db: Db, departmentId: string, write: () => Promise<R>): Promise<R | { unknownDepartment: true }> {
  try {
    return await write();
  } catch (error) {
    if (!(await getDepartment(db, departmentId))) return { unknownDepartment: true };
    throw error;
  }
}

export async function updateJobRole(db: Db, id: string, { version, ...fields }: JobRoleUpdateInput, ctx: WriteContext) {
  if (!(await getDepartment(db, fields.departmentId))) return { unknownDepartment: true } as const;
  return orUnknownDepartment(db, fields.departmentId, () =>
    jobRoleEntity.update(db, id, version, (before) => ({ ...before, ...fields }), ctx, {
      extra: (p, _before, after) => departmentExists(after.departmentId)(p),
    }),
  );
}

export const deleteJobRole = (db: Db, id: string, ctx: WriteContext) => jobRoleEntity.remove(db, id, ctx);

const listOf = (query: Pick<JobRoleListQuery, 'departmentId'>) =>
  query.departmentId ? jobRoleEntity.source('ofDepartment', { departmentId: query.departmentId }) : jobRoleEntity.source('all', {});

export const jobRoleCursorKeys = (query: Pick<JobRoleListQuery, 'departmentId'>) => jobRoleEntity.cursorKeys(listOf(query));

/** One page of job roles by name: all, or one department's; `active` keeps the active (or inactive) ones. */
export function listJobRoles(db: Db, query: JobRoleListQuery, start?: ItemKey) {
  const active = query.active;
  return jobRoleEntity.list(db, listOf(query), { limit: query.limit, start, where: active === undefined ? undefined : (r) => r.isActive === active });
}

/** Whether the department has any job role (one item read). */
export async function departmentHasRoles(db: Db, departmentId: string): Promise<boolean> {
  const page = await jobRoleEntity.list(db, listOf({ departmentId }), { limit: 1 });
  return page.items.length > 0;
}

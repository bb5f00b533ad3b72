import { randomUUID } from 'node:crypto';
import { DEPARTMENTS } from '@app/shared-types/employees';
import {
  departmentNameKey,
  departmentSchema,
  type DepartmentInput,
  type DepartmentListQuery,
  type DepartmentRecord,
  type DepartmentUpdateInput,
} from '@app/shared-types/departments';
import type { Db } from '../db/client';
import { defineEntity, type ItemKey, type WriteContext } from '../db/entity';
import { employeeEntity, type EmployeeItem } from './employee-repo';
import { employeeCounter, readCounters } from '../dashboard';

/** Keys of departments: one partition per department, all of them by name in gsi1, names unique by marker. */
export const departmentKeys = {
  item: (id: string) => ({ pk: `DEPARTMENT#${id}`, sk: 'DEPARTMENT' }),
  all: () => 'DEPARTMENTS',
  name: (name: string) => ({ pk: `DEPARTMENTNAME#${departmentNameKey(name)}`, sk: 'DEPARTMENTNAME' }),
};

export const departmentEntity = defineEntity({
  type: 'Department',
  schema: departmentSchema,
  key: departmentKeys.item,
  partition: 'DEPARTMENT#*',
  indexes: { gsi1: (d) => ({ pk: departmentKeys.all(), sk: `${departmentNameKey(d.name)}#${d.id}` }) },
  patterns: { all: { index: 'gsi1', partition: () => departmentKeys.all() } },
  unique: [{ name: 'DepartmentName', partition: 'DEPARTMENTNAME#*', key: (d) => departmentKeys.name(d.name), owner: 'departmentId' }],
});

export const getDepartment = (db: Db, id: string) => departmentEntity.get(db, id);

export function createDepartment(db: Db, input: DepartmentInput, ctx: WriteContext) {
  const department: DepartmentRecord = { id: randomUUID(), ...input, createdAt: ctx.now, updatedAt: ctx.now, version: 1 };
  return departmentEntity.create(db, department, ctx);
}

/** How many employees are counted in the department named `name` (the Employee Management counters). */
export async function employeesIn(db: Db, name: string): Promise<number> {
  const counters = await readCounters(db);
  return counters.DASHBOARD?.[employeeCounter.department(name)] ?? 0;
}

/**
 * Employees store their department's name, so a department employees belong to
 * keeps its name (a rename would orphan them): `renameInUse` is answered then.
 */
export async function updateDepartment(db: Db, id: string, { version, ...fields }: DepartmentUpdateInput, ctx: WriteContext) {
  const before = await departmentEntity.get(db, id);
  if (before && before.name !== fields.name && departmentNameKey(before.name) !== departmentNameKey(fields.name) && (await employeesIn(db, before.name)) > 0) {
    return { renameInUse: true } as const;
  }
  return departmentEntity.update(db, id, version, (current) => ({ ...current, ...fields }), ctx);
}

export const deleteDepartment = (db: Db, id: string, ctx: WriteContext) => departmentEntity.remove(db, id, ctx);

/** One page of departments by name; `active` keeps the active (or inactive) ones. */
export function listDepartments(db: Db, query: DepartmentListQuery, start?: ItemKey) {
  const active = query.active;
  return departmentEntity.list(db, departmentEntity.source('all', {}), {
    limit: query.limit,
    start,
    where: active === undefined ? undefined : (d) => d.isActive === active,
  });
}

export const departmentCursorKeys = () => departmentEntity.cursorKeys(departmentEntity.source('all', {}));

/** Every department (a few dozen at most), by name. */
export async function allDepartments(db: Db): Promise<DepartmentRecord[]> {
  const all: DepartmentRecord[] = [];
  let start: ItemKey | undefined;
  do {
    const page = await departmentEntity.list(db, departmentEntity.source('all', {}), { limit: 100, start });
    all.push(...page.items);
    start = page.lastKey;
  } while (start);
  return all;
}

/**
 * Makes sure a department of each name exists (a taken name is one that
 * does, whatever its case): the SPEC's eight on first start, and the names
 * stored employees use on upgrade. Idempotent; answers how many it created.
 */
export async function ensureDepartments(db: Db, names: readonly string[], ctx: WriteContext): Promise<number> {
  let created = 0;
  for (const name of new Set(names.map((n) => n.trim()).filter(Boolean))) {
    const result = await createDepartment(db, { name, description: '', headOfDepartment: '', isActive: true }, ctx);
    if ('item' in result) created++;
  }
  return created;
}

export const seedDepartments = (db: Db, ctx: WriteContext) => ensureDepartments(db, DEPARTMENTS, ctx);

/**
 * The message for an employee's department choice, or undefined when it is
 * fine: blank, the employee's current one, or an active department's name
 * (any case; `canonical` is the stored spelling). A table with no departments
 * yet (never seeded or upgraded) takes the SPEC's eight.
 */
export async function departmentChoice(db: Db, name: string, current?: string): Promise<{ error: string } | { name: string }> {
  if (!name || name === current) return { name };
  const all = await allDepartments(db);
  if (all.length === 0) {
    const spec = DEPARTMENTS.find((d) => departmentNameKey(d) === departmentNameKey(name));
    return spec ? { name: spec } : { error: 'Choose a department from the list' };
  }
  const found = all.find((d) => d.isActive && departmentNameKey(d.name) === departmentNameKey(name));
  return found ? { name: found.name } : { error: 'Choose an active department from the list' };
}

/**
 * Data upgrade (upgrade-data.ts): the SPEC's eight departments, then one for
 * every other name stored employees use, and each employee's department
 * spelled as its department is (Sales, not sales). Idempotent.
 */
export async function upgradeEmployeeDepartments(db: Db, ctx: WriteContext): Promise<{ departments: number; employees: number }> {
  const employees: EmployeeItem[] = [];
  let start: ItemKey | undefined;
  do {
    const page = await employeeEntity.list(db, employeeEntity.source('byName', {}), { limit: 100, start });
    employees.push(...page.items);
    start = page.lastKey;
  } while (start);
  const created = (await seedDepartments(db, ctx)) + (await ensureDepartments(db, employees.map((e) => e.department ?? ''), ctx));
  const spelling = new Map((await allDepartments(db)).map((d) => [departmentNameKey(d.name), d.name]));
  let respelled = 0;
  for (const employee of employees) {
    const name = spelling.get(departmentNameKey(employee.department ?? ''));
    if (!employee.department || !name || name === employee.department) continue;
    const result = await employeeEntity.update(db, employee.id, undefined, (before) => ({ ...before, department: name }), ctx);
    if ('item' in result) respelled++;
  }
  return { departments: created, employees: respelled };
}

import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PROJECT_STATUSES } from '@app/shared-types/constants';
import { isOneOf, isRecord } from '@app/shared-types/guards';
import { customerName } from '@app/shared-types/customers';
import { salespersonId } from '@app/shared-types/leads';
import type { Lead } from '@app/shared-types/leads';
import type { Project } from '@app/shared-types/projects';
import { normalizePhone } from '@app/shared-types/phone';
import { BLOG_STATUSES } from '@app/shared-types/blog';
import { blogPostEntity } from '../blog';
import type { Db } from '../db/client';
import { getSettings } from '../settings';
import { customerEntity, getCustomers } from '../customers';
import { auditEntryWrite, mergedCounterWrites, systemContext, type ItemKey, type ListSource, type WriteContext } from '../db/entity';
import { dataVersionKind } from '../db/engine-kinds';
import { keys } from '../db/keys';
import { assignedLeadsCounter, deleteLead, leadEntity } from '../leads';
import { employeeEntity, getEmployee, type EmployeeItem } from '../people';
import { counterUpdate, employeeCounter, leadCounter, mergeDeltas, readCounters } from '../dashboard';
import { getProject, projectEntity } from '../projects';
import { vendorEntity } from '../vendors';
import { isConditionalCheckFailed, isTransactionCanceled, putNew, transactWrite, type TransactItem } from '../db/writes';
import { firstStartCalculatorLine, firstStartProjects, legacyCalculatorLine } from './first-start-content';
import { seedSalespeople, upgradeSeededSalespeople } from './salespeople';
import { upgradeEmployeeDepartments } from '../people';
import { advanceDemandsAsAdvances, countVendorLedgerGst } from '../finance';

/** What a run upgraded: leads indexed for the Leads CRM and sample projects given customers. */
interface Upgraded {
  leads: number;
  projects: number;
}

/** One data upgrade: what it brings the table to, and how. */
interface UpgradeStep {
  /** The data version reached when the step is done. */
  version: number;
  /** What the step does, in a few words. */
  name: string;
  /** `from` is the version the run started at. */
  run: (db: Db, from: number) => Promise<Partial<Upgraded> | void>;
  /**
   * How the version reached is recorded in the marker item: 'in-step' in the step's own last
   * transaction (with its writes), 'after' by the loop once the step is done. Steps 1 to 5 have
   * none: every run that starts before 6 goes on through step 6, which records its version, and a
   * run ended before that starts over from the version recorded (each step can run again).
   */
  record?: 'in-step' | 'after';
}

/** The data upgrades in order; a run starts after the version the marker item records. */
const UPGRADE_STEPS: readonly UpgradeStep[] = [
  { version: 1, name: "the Leads CRM's indexes and counters for leads captured before it", run: async (db) => ({ leads: await indexLeads(db) }) },
  { version: 2, name: "sample projects get customers and the portal's project indexes", run: async (db) => ({ projects: await upgradeSampleProjects(db) }) },
  // Leads indexed just now (step 1, this run) already have their tokens.
  { version: 3, name: 'leads, customers, projects and vendors get their search token index', run: (db, from) => indexSearch(db, from < 1) },
  { version: 4, name: 'phone markers get the one canonical Indian form (issue 11, item 6); duplicates merged', run: (db) => rekeyLeadPhones(db) },
  {
    version: 5,
    name: 'the salespeople become employee records (issue 14): lead assignees are employee ids, active superadmins indexed',
    run: async (db) => {
      await seedSalespeople(db);
      await indexActiveSuperadmins(db);
      await mapLeadAssignees(db);
    },
  },
  {
    version: 6,
    name: "Employee Management's counters (total, by status, by department) set from the employees",
    run: (db) => countEmployees(db, 6),
    record: 'in-step',
  },
  {
    version: 7,
    name: "Blog CMS (issue 16): posts seeded before it get the portal's list index, search tokens and counters; the 3BHK post's calculator line becomes links",
    run: (db) => manageBlogPosts(db),
    record: 'after',
  },
  { version: 8, name: 'every project gets its readable website address (a slug, with its marker; issue 16)', run: async (db) => void (await slugProjects(db)), record: 'after' },
  {
    version: 9,
    name: "the SPEC's eight departments, one for every other department stored employees name, and employees' departments spelled as theirs (issue 23)",
    run: async (db) => void (await upgradeEmployeeDepartments(db, systemContext(new Date().toISOString(), 'data-upgrade'))),
    record: 'after',
  },
  {
    version: 10,
    name: "vendor ledgers kept before GST was counted get their transactions' GST; the Advance stage's demands become advances (issue 25)",
    run: async (db) => {
      const ctx = systemContext(new Date().toISOString(), 'data-upgrade');
      const left = await countVendorLedgerGst(db, ctx);
      if (left > 0) throw new Error(`${left} vendor ledgers kept changing while their GST was counted: run the upgrade again`);
      await advanceDemandsAsAdvances(db, ctx);
    },
    record: 'after',
  },
  {
    version: 11,
    name: "the seeded salespeople still as seeded get realistic names and the company's addresses, marked as sample data (issue 25)",
    run: async (db) => void (await upgradeSeededSalespeople(db)),
    record: 'after',
  },
  {
    version: 12,
    name: "the pipeline board's kept budget per lead status, set from the leads (issue 25)",
    run: (db) => countLeadBudgets(db, 12),
    record: 'in-step',
  },
];

/**
 * Brings a laptop's data from an earlier version up to date, each step of UPGRADE_STEPS once
 * (in order, those after the version the marker item records), so later start-ups only read
 * the marker. Returns how many leads and projects it upgraded.
 */
export async function upgradeLocalData(db: Db): Promise<Upgraded> {
  const from = await recordedDataVersion(db);
  const upgraded: Upgraded = { leads: 0, projects: 0 };
  for (const step of UPGRADE_STEPS) {
    if (from >= step.version) continue;
    Object.assign(upgraded, await step.run(db, from));
    if (step.record === 'after') await recordDataVersion(db, step.version);
  }
  return upgraded;
}

/** The data version the table's marker item records (0: none, a table never upgraded). */
async function recordedDataVersion(db: Db): Promise<number> {
  return (await dataVersionKind.get(db, []))?.version ?? 0;
}

/** The version the table records and the upgrade steps a run would take from there, in order (`npm run upgrade-data -- --list`). */
export async function pendingUpgrades(db: Db): Promise<{ from: number; steps: { version: number; name: string }[] }> {
  const from = await recordedDataVersion(db);
  return { from, steps: UPGRADE_STEPS.filter((step) => step.version > from).map(({ version, name }) => ({ version, name })) };
}

/** The marker item at version `reached`, unless it already records that version or a later one. */
function dataVersionPut(db: Db, reached: number) {
  return {
    TableName: db.table,
    Item: { ...dataVersionKind.key(), entityType: dataVersionKind.type, version: reached },
    ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
    ExpressionAttributeValues: { ':version': reached },
  };
}

/** Records version `reached` (a marker already there or beyond stays as it is). */
async function recordDataVersion(db: Db, reached: number): Promise<void> {
  await db.doc.send(new PutCommand(dataVersionPut(db, reached))).catch((error: unknown) => {
    if (!isConditionalCheckFailed(error)) throw error;
  });
}

/**
 * Sets the leads' kept budget per status to what the leads are, as
 * countEmployees does (the difference, with the data version, in one
 * transaction: leads written since are not counted twice).
 */
async function countLeadBudgets(db: Db, reached: number): Promise<void> {
  const expected: Record<string, number> = {};
  await forEachItem(db, leadEntity.source('newest', {}), async (item) => {
    const lead = leadEntity.parse(item);
    const name = leadCounter.budget(lead.status);
    if (lead.budget) expected[name] = (expected[name] ?? 0) + lead.budget;
  });
  const { LEADS: current } = await readCounters(db);
  const difference: Record<string, number> = {};
  for (const name of new Set([...Object.keys(expected), ...Object.keys(current).filter((name) => name.startsWith(leadCounter.budget('')))])) {
    difference[name] = (expected[name] ?? 0) - (current[name] ?? 0);
  }
  await transactWrite(db, [counterUpdate(db, 'LEADS', difference), { Put: dataVersionPut(db, reached) }]);
}

/**
 * Sets Employee Management's counters to what the employees are: the
 * difference between the true counts and the counters as they stand is added
 * in one transaction with the data version, so employees counted since they
 * were written (the seeded salespeople) are not counted twice, and a repeated
 * start changes nothing.
 */
async function countEmployees(db: Db, reached: number): Promise<void> {
  const employees: EmployeeItem[] = [];
  await forEachItem(db, employeeEntity.source('byName', {}), async (item) => {
    employees.push(employeeEntity.parse(item));
  });
  const expected = mergeDeltas(...employees.map((employee) => employeeEntity.counterDeltas(null, employee).DASHBOARD ?? {}));
  const { DASHBOARD: current } = await readCounters(db);
  const difference: Record<string, number> = {};
  for (const name of new Set([...Object.keys(expected), ...Object.keys(current).filter((name) => name.startsWith(`${employeeCounter.total}`))])) {
    difference[name] = (expected[name] ?? 0) - (current[name] ?? 0);
  }
  await transactWrite(db, [
    counterUpdate(db, 'DASHBOARD', difference),
    { Put: dataVersionPut(db, reached) },
  ]);
}

/**
 * Posts written before Blog Management (first-start posts) become what the
 * blog entity writes: the gsi2 list key, search tokens and the counters, each
 * post in one transaction conditioned on being still unmanaged at the version
 * read, so a repeated start counts nothing twice. The seeded 3BHK post's
 * plain-text calculator line is replaced by its linked form (audited).
 */
async function manageBlogPosts(db: Db): Promise<void> {
  const { company } = await getSettings(db);
  const ctx = systemContext(new Date().toISOString(), 'data-upgrade');
  for (const status of BLOG_STATUSES) {
    await forEachItem(db, blogPostEntity.source('byStatus', { status }), async (item) => {
      if (item.gsi2pk !== undefined) return;
      const before = blogPostEntity.parse(item);
      const content = before.content.replace(legacyCalculatorLine(company.companyName), firstStartCalculatorLine(company.companyName));
      const after = content === before.content ? before : { ...before, content, updatedAt: ctx.now, version: before.version + 1 };
      await transactWrite(db, [
        {
          Put: {
            TableName: db.table,
            Item: blogPostEntity.stored(after),
            ConditionExpression: 'version = :version AND attribute_not_exists(gsi2pk)',
            ExpressionAttributeValues: { ':version': before.version },
          },
        },
        ...blogPostEntity.searchIndexWrites(db, after),
        ...mergedCounterWrites(db, blogPostEntity.counterDeltas(null, after)),
        ...(after === before ? [] : [auditEntryWrite(db, ctx, { entity: 'BlogPost', entityId: before.id, action: 'update', changes: { content: { before: before.content, after: content } } })]),
      ]).catch((error: unknown) => {
        // Managed (or edited) meanwhile by another start: nothing left to do for this post.
        if (!isTransactionCanceled(error, 0)) throw error;
      });
    });
  }
}

/**
 * Gives every project saved before slugs one, derived from its website title
 * (else its name), '-2', '-3'... after the taken ones: the project (still
 * without a slug, at the version read) and its marker in one audited
 * transaction. A candidate claimed meanwhile moves on to the next; a project
 * that got a slug meanwhile (an edit, another start) is left as it is, so a
 * repeated run changes nothing.
 */
export async function slugProjects(db: Db): Promise<number> {
  const ctx = systemContext(new Date().toISOString(), 'data-upgrade');
  let slugged = 0;
  await forEachItem(db, projectEntity.source('all', {}), async (item) => {
    let project: Project | undefined = projectEntity.parse(item);
    while (project && !project.slug) {
      const read = project;
      try {
        // The entity's claim derives the slug and moves on past a candidate claimed meanwhile.
        await projectEntity.claim(db, read, ({ slug }) =>
          transactWrite(db, [
            {
              Update: {
                TableName: db.table,
                Key: keys.project(read.id),
                UpdateExpression: 'SET slug = :slug',
                ConditionExpression: 'version = :version AND (attribute_not_exists(slug) OR slug = :none)',
                ExpressionAttributeValues: { ':slug': slug, ':version': read.version, ':none': '' },
              },
            },
            putNew(db, { ...keys.projectSlug(slug), entityType: 'ProjectSlug', projectId: read.id }),
            auditEntryWrite(db, ctx, { entity: 'Project', entityId: read.id, action: 'update', changes: { slug: { before: '', after: slug } } }),
          ]),
        );
        slugged++;
        return;
      } catch (error) {
        // Edited meanwhile: read it again (an edit gives it a slug, which ends the loop).
        if (!isTransactionCanceled(error, 0)) throw error;
        project = await getProject(db, read.id, true);
      }
    }
  });
  return slugged;
}

/** Every item of a list partition, page by page (an upgrade's walk, never a request path). */
async function forEachItem(db: Db, list: ListSource, visit: (item: Record<string, unknown>) => Promise<void>, onlyUnindexed = false) {
  let start: ItemKey | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: list.index,
        KeyConditionExpression: `${list.index}pk = :pk`,
        ...(onlyUnindexed ? { FilterExpression: 'attribute_not_exists(gsi2pk)' } : {}),
        ExpressionAttributeValues: { ':pk': list.pk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) await visit(item);
    start = page.LastEvaluatedKey;
  } while (start);
}

async function indexLeads(db: Db): Promise<number> {
  let upgraded = 0;
  await forEachItem(
    db,
    leadEntity.source('newest', {}),
    async (item) => {
      const lead = leadEntity.parse(item);
      await transactWrite(db, [
        {
          Put: {
            TableName: db.table,
            Item: leadEntity.stored(lead),
            ConditionExpression: 'version = :version AND attribute_not_exists(gsi2pk)',
            ExpressionAttributeValues: { ':version': lead.version },
          },
        },
        ...leadEntity.searchIndexWrites(db, lead),
        ...mergedCounterWrites(db, leadEntity.counterDeltas(null, lead)),
      ]);
      upgraded++;
    },
    true,
  );
  return upgraded;
}

/**
 * Before Project Management, the sample projects were the only projects and
 * had no customer ('client' was a name, 'internalStatus' the portal's status).
 * Each one still in that shape is rewritten as first-start seeding now writes
 * it, with its sample customer, in one transaction. Staff-made projects never
 * had the old shape.
 */
async function upgradeSampleProjects(db: Db): Promise<number> {
  let upgraded = 0;
  for (const { customer: sample, project: sampleProject } of firstStartProjects(new Date().toISOString())) {
    const { Item: old } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.project(sampleProject.id), ConsistentRead: true }));
    // The old shape: the status in 'internalStatus' (one of today's, which its counts were kept by).
    const oldStatus: unknown = old?.internalStatus;
    if (!old || !isOneOf(PROJECT_STATUSES, oldStatus) || typeof old.createdAt !== 'string') continue;
    const customer = { ...sample, createdAt: old.createdAt, updatedAt: old.createdAt };
    const project = { ...sampleProject, createdAt: old.createdAt, updatedAt: old.createdAt };
    const ctx = systemContext(new Date().toISOString(), 'upgrade');
    const [projectPut, ...projectRest] = projectEntity.createWrites(db, project, ctx, { counters: false });
    await transactWrite(db, [
      ...customerEntity.createWrites(db, customer, ctx, { counters: false }),
      // Replaces the old item, only if it is still the old shape.
      { Put: { ...projectPut!.Put!, ConditionExpression: 'attribute_exists(internalStatus)' } },
      ...projectRest,
      // The old item was counted by its old status.
      ...mergedCounterWrites(db, customerEntity.counterDeltas(null, customer), projectEntity.counterDeltas({ ...project, status: oldStatus }, project)),
    ]);
    upgraded++;
  }
  return upgraded;
}

/** An item edited meanwhile has its tokens from that edit: nothing to do. */
function skipChanged(error: unknown) {
  if (!isTransactionCanceled(error) && !isConditionalCheckFailed(error)) throw error;
}

/**
 * Gives every lead, customer, project and vendor from before the search index
 * its search text and tokens (projects also the customer name they are
 * found by). Conditioned on the version read, so an edit made meanwhile
 * (which writes its own tokens) is left alone.
 */
async function indexSearch(db: Db, leadsDone: boolean) {
  const reindex = (writes: TransactItem[]) => transactWrite(db, writes).catch(skipChanged);
  if (!leadsDone) await forEachItem(db, leadEntity.source('newest', {}), (item) => reindex(leadEntity.reindexWrites(db, leadEntity.parse(item))));
  await forEachItem(db, customerEntity.source('byName', {}), (item) => reindex(customerEntity.reindexWrites(db, customerEntity.parse(item))));
  await forEachItem(db, vendorEntity.source('all', {}), (item) => reindex(vendorEntity.reindexWrites(db, vendorEntity.parse(item))));
  await forEachItem(db, projectEntity.source('all', {}), async (item) => {
    const project = projectEntity.parse(item);
    const customer = (await getCustomers(db, [project.customerId])).get(project.customerId);
    const named = { ...project, customerName: customer ? customerName(customer) : project.customerName };
    await reindex(projectEntity.reindexWrites(db, named));
    if (named.customerName !== project.customerName) {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: keys.project(project.id),
          UpdateExpression: 'SET customerName = :name',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':name': named.customerName, ':version': project.version },
        }),
      ).catch(skipChanged);
    }
  });
}

/**
 * The phone key before PHONES_CANONICAL: '0091 …', '+91 0 …', '+910…' and
 * '0 0 …' each had a key of their own, so one number could have two leads.
 */
export function legacyPhoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** Deletes a phone marker if `leadId` owns it (another lead's marker is left alone). */
async function releasePhoneMarker(db: Db, phoneKey: string, leadId: string) {
  await db.doc
    .send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.leadPhone(phoneKey),
        ConditionExpression: 'leadId = :id',
        ExpressionAttributeValues: { ':id': leadId },
      }),
    )
    .catch(skipChanged);
}

/**
 * Re-keys every lead's phone marker to normalizePhone's canonical form and
 * merges the leads that now share one: the oldest lead is kept, the others'
 * timeline entries are moved onto it (their submissions follow), a note on it
 * records each merged lead's name, phone and email, and the merged lead is
 * deleted through the entity layer (its counters, search tokens and an audit
 * entry go with it). Safe to run again after a crash: copies keep their ids.
 * Runs at local start-up, before the server takes requests.
 */
async function rekeyLeadPhones(db: Db) {
  const byPhone = new Map<string, Lead[]>();
  await forEachItem(db, leadEntity.source('newest', {}), async (item) => {
    const lead = leadEntity.parse(item);
    const key = normalizePhone(lead.phone);
    byPhone.set(key, [...(byPhone.get(key) ?? []), lead]);
  });
  const now = new Date().toISOString();
  const ctx = systemContext(now, 'upgrade');
  for (const [phoneKey, found] of byPhone) {
    const leads = found.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
    const [kept, ...duplicates] = leads;
    if (!kept) continue;
    if (duplicates.length === 0 && legacyPhoneKey(kept.phone) === phoneKey) continue;
    // No lead of the group owns a marker while it is merged; the kept lead claims the canonical one after.
    for (const lead of leads) {
      await releasePhoneMarker(db, legacyPhoneKey(lead.phone), lead.id);
      await releasePhoneMarker(db, phoneKey, lead.id);
    }
    for (const duplicate of duplicates) await mergeLead(db, kept, duplicate, ctx);
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.leadPhone(phoneKey), entityType: 'LeadPhone', leadId: kept.id },
        ConditionExpression: 'attribute_not_exists(pk) OR leadId = :id',
        ExpressionAttributeValues: { ':id': kept.id },
      }),
    );
    // Its phone is searched by the canonical digits now.
    await transactWrite(db, leadEntity.reindexWrites(db, kept)).catch(skipChanged);
  }
}

/** Moves `duplicate`'s timeline onto `kept`, notes the merge there, and deletes `duplicate`. */
async function mergeLead(db: Db, kept: Lead, duplicate: Lead, ctx: WriteContext) {
  const prefix = keys.leadCommunicationPrefix();
  let start: ItemKey | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.lead(duplicate.id).pk, ':prefix': prefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const entry of page.Items ?? []) {
      const id = String(entry.id);
      await db.doc.send(
        new PutCommand({ TableName: db.table, Item: { ...entry, ...keys.leadCommunication(kept.id, String(entry.createdAt), id), leadId: kept.id } }),
      );
      const submission: unknown = entry.submission;
      if (isRecord(submission) && typeof submission.pk === 'string' && typeof submission.sk === 'string') {
        await db.doc
          .send(
            new UpdateCommand({
              TableName: db.table,
              Key: { pk: submission.pk, sk: submission.sk },
              UpdateExpression: 'SET leadId = :kept',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':kept': kept.id },
            }),
          )
          .catch(skipChanged);
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  // The note's id is the merged lead's, so a second run writes the same note.
  const content =
    `Merged a duplicate lead with the same phone: ${duplicate.name}, ${duplicate.phone}, ${duplicate.email || 'no email'} ` +
    `(source ${duplicate.source}, status ${duplicate.status}, added ${duplicate.createdAt}). Its timeline is now on this lead.`;
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.leadCommunication(kept.id, ctx.now, duplicate.id),
        entityType: 'LeadCommunication',
        id: duplicate.id,
        leadId: kept.id,
        type: 'note',
        content,
        createdBy: ctx.actor.name,
        createdAt: ctx.now,
      },
    }),
  );
  await deleteLead(db, duplicate.id, ctx);
}

/**
 * Gives the active superadmins of accounts made before issue 14 the index
 * entry that keeps the last one from being demoted (version-checked: an edit
 * made meanwhile wrote its own).
 */
async function indexActiveSuperadmins(db: Db) {
  await forEachItem(db, employeeEntity.source('byName', {}), async (item) => {
    const employee = employeeEntity.parse(item);
    if (employee.role !== 'superadmin' || employee.status !== 'active' || item.gsi2pk) return;
    const { gsi2pk, gsi2sk } = employeeEntity.stored(employee);
    await db.doc
      .send(
        new UpdateCommand({
          TableName: db.table,
          Key: keys.employee(employee.id),
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':pk': gsi2pk, ':sk': gsi2sk, ':version': employee.version },
        }),
      )
      .catch(skipChanged);
  });
}

/**
 * Leads assigned before issue 14 name a salesperson: each becomes that
 * salesperson's employee id with the name beside it, and is counted for
 * them (an employee with leads is not deleted). A name no employee has is
 * cleared. Each lead is written version-checked with its audit entry; one
 * edited meanwhile got its assignee from that edit.
 */
export async function mapLeadAssignees(db: Db): Promise<number> {
  const ctx = systemContext(new Date().toISOString(), 'upgrade');
  const names = new Map<string, string>();
  let mapped = 0;
  await forEachItem(db, leadEntity.source('newest', {}), async (item) => {
    const lead = leadEntity.parse(item);
    if (!lead.assignedTo || (typeof item.assignedToName === 'string' && item.assignedToName)) return;
    const id = salespersonId(lead.assignedTo) ?? lead.assignedTo;
    if (!names.has(id)) names.set(id, (await getEmployee(db, id))?.name ?? '');
    const name = names.get(id)!;
    const after = { ...lead, assignedTo: name ? id : '', assignedToName: name, updatedAt: ctx.now, version: lead.version + 1 };
    const counted = name ? counterUpdate(db, 'LEADS', { [assignedLeadsCounter(id)]: 1 }) : null;
    try {
      // The old name was never counted: only the new assignee is.
      await transactWrite(db, [...leadEntity.updateWrites(db, lead, after, ctx, { counters: false }), counted]);
      mapped++;
    } catch (error) {
      skipChanged(error);
    }
  });
  return mapped;
}

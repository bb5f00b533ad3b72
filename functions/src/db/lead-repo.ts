import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LeadSource, LeadStatus } from '@app/shared-types/constants';
import { normalizePhone } from '@app/shared-types/phone';
import type { Db } from './client';
import { keys } from './keys';
import { isConditionalCheckFailed, isTransactionCanceled, putNew } from './writes';

/** The CRM lead: SPEC.md's `leads` and `crm_leads` as one entity. */
export interface LeadItem {
  id: string;
  name: string;
  phone: string;
  phoneKey: string;
  email: string;
  source: LeadSource;
  budget: number;
  projectType: string;
  status: LeadStatus;
  priority: 'low' | 'medium' | 'high' | 'urgent';
  assignedTo: string;
  notes: string;
  location: string;
  requirements: string;
  nextFollowUp: string | null;
  lastContactedAt: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type CommunicationType = 'note' | 'call' | 'whatsapp' | 'email' | 'form_submission';

export interface CommunicationItem {
  id: string;
  leadId: string;
  type: CommunicationType;
  content: string;
  createdBy: string;
  createdAt: string;
}

export interface WebsiteEnquiry {
  name: string;
  phone: string;
  email: string;
  projectType: string;
  location: string;
  requirements: string;
  /** Timeline text, e.g. 'Calculator: 3BHK, 1450 sq ft, premium ...'. */
  summary: string;
  /** Key of the stored submission, so the lead's timeline can point at it. */
  submissionKey: { pk: string; sk: string };
}

export interface CaptureResult {
  leadId: string;
  created: boolean;
}

const MAX_ATTEMPTS = 4;

/**
 * Turns a website enquiry into CRM state: a new lead (source 'Website') with a
 * timeline entry, or, when a lead with the same phone exists, a timeline entry
 * on that lead. The phone marker item makes "same phone, one lead" hold even for
 * two submissions racing each other; the loser of the race retries as a merge.
 */
export async function captureWebsiteEnquiry(db: Db, enquiry: WebsiteEnquiry, now: string): Promise<CaptureResult> {
  const phoneKey = normalizePhone(enquiry.phone);
  const communication = (leadId: string) =>
    putNew(db, {
      ...keys.leadCommunication(leadId, now, randomUUID()),
      entityType: 'LeadCommunication',
      leadId,
      type: 'form_submission' satisfies CommunicationType,
      content: enquiry.summary,
      createdBy: 'Website',
      createdAt: now,
      submission: enquiry.submissionKey,
    });
  const linkSubmission = (leadId: string) => ({
    Update: {
      TableName: db.table,
      Key: enquiry.submissionKey,
      UpdateExpression: 'SET leadId = :leadId',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':leadId': leadId },
    },
  });

  for (let attempt = 1; ; attempt++) {
    const marker = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: keys.leadPhone(phoneKey), ConsistentRead: true }),
    );
    const existingId = marker.Item?.leadId as string | undefined;
    try {
      if (existingId) {
        await db.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                // A timeline entry is not an edit of the lead's fields: the version
                // stays, so a staff member's open edit does not conflict with it.
                Update: {
                  TableName: db.table,
                  Key: keys.lead(existingId),
                  UpdateExpression: 'SET lastContactedAt = :now, updatedAt = :now',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':now': now },
                },
              },
              communication(existingId),
              linkSubmission(existingId),
            ],
          }),
        );
        if (enquiry.email) await fillBlankEmail(db, existingId, enquiry.email);
        return { leadId: existingId, created: false };
      }
      const leadId = randomUUID();
      const lead: LeadItem = {
        id: leadId,
        name: enquiry.name,
        phone: enquiry.phone,
        phoneKey,
        email: enquiry.email,
        source: 'Website',
        budget: 0,
        projectType: enquiry.projectType,
        status: 'New',
        priority: 'medium',
        assignedTo: '',
        notes: '',
        location: enquiry.location,
        requirements: enquiry.requirements,
        nextFollowUp: null,
        lastContactedAt: now,
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            putNew(db, {
              ...keys.lead(leadId),
              entityType: 'Lead',
              gsi1pk: keys.leads(),
              gsi1sk: `${now}#${leadId}`,
              ...lead,
            }),
            putNew(db, { ...keys.leadPhone(phoneKey), entityType: 'LeadPhone', leadId }),
            communication(leadId),
            linkSubmission(leadId),
          ],
        }),
      );
      return { leadId, created: true };
    } catch (error) {
      // Lost a race (another submission claimed the phone, or the lead went away): read again.
      if (isTransactionCanceled(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** Gives a lead the email a later submission brought, only if it has none: staff edits win. */
async function fillBlankEmail(db: Db, leadId: string, email: string) {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.lead(leadId),
        UpdateExpression: 'SET email = :email',
        ConditionExpression: 'attribute_exists(pk) AND email = :blank',
        ExpressionAttributeValues: { ':email': email, ':blank': '' },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

export async function getLead(db: Db, id: string): Promise<LeadItem | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.lead(id) }));
  return Item as LeadItem | undefined;
}

export async function findLeadIdByPhone(db: Db, phone: string): Promise<string | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.leadPhone(normalizePhone(phone)) }),
  );
  return Item?.leadId as string | undefined;
}

export async function listCommunications(db: Db, leadId: string): Promise<CommunicationItem[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.lead(leadId).pk, ':prefix': keys.leadCommunicationPrefix() },
    }),
  );
  return Items as CommunicationItem[];
}

/** Leads, newest first, a page at a time. */
export async function listLeads(db: Db, options: { limit: number; exclusiveStartKey?: Record<string, string> }) {
  const { Items = [], LastEvaluatedKey } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.leads() },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: options.exclusiveStartKey,
    }),
  );
  return { items: Items as LeadItem[], lastKey: LastEvaluatedKey };
}

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';

type Kind = 'estimate' | 'contact';

/**
 * Stores a form submission on its own, before any CRM work, so an accepted
 * submission is durable even if creating the lead fails afterwards.
 */
export async function saveSubmission(
  db: Db,
  kind: Kind,
  submission: { id: string; createdAt: string; spam: boolean } & Record<string, unknown>,
): Promise<{ pk: string; sk: string }> {
  const key = kind === 'estimate' ? keys.estimate(submission.id) : keys.contactSubmission(submission.id);
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...key,
        entityType: kind === 'estimate' ? 'CalculatorEstimate' : 'ContactSubmission',
        gsi1pk: keys.submissions(kind === 'estimate' ? 'ESTIMATES' : 'CONTACTS', submission.spam),
        gsi1sk: `${submission.createdAt}#${submission.id}`,
        version: 1,
        ...submission,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return key;
}

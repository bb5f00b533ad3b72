import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';
import { putNew, transactWrite } from './writes';

type Kind = 'estimate' | 'contact';

/** A stored form submission (calculator estimate or contact message), as the website received it. */
export function submissionItem(
  kind: Kind,
  submission: { id: string; createdAt: string; spam: boolean } & Record<string, NativeAttributeValue>,
): { pk: string; sk: string } & Record<string, NativeAttributeValue> {
  return {
    ...(kind === 'estimate' ? keys.estimate(submission.id) : keys.contactSubmission(submission.id)),
    entityType: kind === 'estimate' ? 'CalculatorEstimate' : 'ContactSubmission',
    gsi1pk: keys.submissions(kind === 'estimate' ? 'ESTIMATES' : 'CONTACTS', submission.spam),
    gsi1sk: `${submission.createdAt}#${submission.id}`,
    version: 1,
    ...submission,
  };
}

/**
 * Stores a submission on its own: only spam, which creates no lead. A real
 * submission is written in its lead's transaction (captureWebsiteEnquiry), so
 * no accepted submission is ever without its lead.
 */
export async function saveSubmission(db: Db, item: ReturnType<typeof submissionItem>): Promise<void> {
  await transactWrite(db, [putNew(db, item)]);
}

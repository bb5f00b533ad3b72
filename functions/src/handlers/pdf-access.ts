import { keyAccess } from '../db/kind';
import { kinds } from '../kinds';

/**
 * What the PDF function (handlers/pdf.ts) may do in the table, as IAM
 * StringLike patterns over the partition keys of db/keys.ts, from the
 * definitions' grants (`pdf`): `read`, GetItem (the quotation and its share
 * link, Settings for the letterhead and the session timeout, the signed-in
 * employee and their session); `sessions`, UpdateItem and DeleteItem returning
 * nothing (requireSession moves a session's lastSeenAt and ends one that has
 * idled out). Infra grants exactly these (infra/src/constructs/table-access.ts), and
 * functions/test/pdf-role-iam.test.ts replays every DynamoDB call the PDF
 * routes make against them: DynamoDB Local checks no permissions, so a
 * missing key would otherwise only fail in AWS.
 */
export const PDF_KEY_ACCESS = keyAccess(kinds, 'pdf');

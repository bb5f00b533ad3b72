/**
 * What the PDF function (handlers/pdf.ts) may do in the table, as IAM
 * StringLike patterns over the partition keys of db/keys.ts. Infra grants
 * exactly these (infra/src/constructs/api.ts), and
 * functions/test/pdf-role-iam.test.ts replays every DynamoDB call the PDF
 * routes make against them: DynamoDB Local checks no permissions, so a
 * missing key would otherwise only fail in AWS.
 */
export const PDF_KEY_ACCESS = {
  /**
   * GetItem: the quotation and its share link, Settings (the letterhead and
   * the session timeout), and the signed-in employee and their session.
   */
  read: ['QUOTE#*', 'QUOTELINK#*', 'SETTINGS', 'EMPLOYEE#*', 'SESSION#*'],
  /**
   * UpdateItem and DeleteItem, returning nothing: requireSession moves a
   * session's lastSeenAt and ends one that has idled out.
   */
  sessions: ['SESSION#*'],
} as const;

/**
 * `npm run create-admin -- --email ops@example.com [--name "Ops Lead"] [--role admin] [--aws]`
 *
 * Adds a staff account. The password comes from ADMIN_PASSWORD or is generated
 * and printed once. Which DynamoDB: DYNAMODB_ENDPOINT if set; with --aws, the
 * AWS table TABLE_NAME (credentials and AWS_REGION from the shell); otherwise
 * the local data in DATA_DIR (default .data), starting DynamoDB Local for it,
 * so stop `npm start` first.
 */
import { parseArgs } from 'node:util';
import { ROLES } from '@app/shared-types/auth';
import { isOneOf } from '@app/shared-types/guards';
import { EmailTakenError } from '../people';
import { openCliTable } from './cli-table';
import { createStaffAccount } from './first-admin';
import { seedRateLibrary } from './rate-library-seed';

const usage = 'Usage: npm run create-admin -- --email <email> [--name <name>] [--role employee|manager|admin|superadmin] [--aws]';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      aws: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`--email with a valid address is required.\n${usage}`);
  const role = values.role;
  if (!isOneOf(ROLES, role)) throw new Error(`--role must be one of ${ROLES.join(', ')}.\n${usage}`);
  const name = values.name?.trim() || email.split('@')[0]!;

  const env = process.env;
  const { db, stop } = await openCliTable(values.aws, env);
  try {
    const { employee, generatedPassword } = await createStaffAccount(db, {
      email,
      name,
      role,
      password: env.ADMIN_PASSWORD || undefined,
    });
    console.log(`Created ${employee.role} ${employee.email} (${employee.name}) in table '${db.table}'.`);
    if (generatedPassword) console.log(`Password (shown only now): ${generatedPassword}`);
    // The quotation rate library is data the firm edits; a new table (a deployed stage's first
    // superadmin is created here) starts with the Hyderabad library, as a laptop's first start does.
    if (await seedRateLibrary(db)) console.log(`Seeded the quotation rate library in table '${db.table}'.`);
  } catch (error) {
    if (error instanceof EmailTakenError) throw new Error(`An account with the email ${email} exists already.`);
    throw error;
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

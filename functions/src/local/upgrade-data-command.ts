/**
 * `npm run upgrade-data -- [--aws] [--list]`
 *
 * Runs the data upgrades a table has not had yet (UPGRADE_STEPS in
 * upgrade-data.ts: the same steps, in the same order, that a laptop's
 * `npm start` runs at every start), each step once, recording the version
 * reached in the table's marker item; a second run finds nothing to do.
 * Deployed tables have no start-up to run them, so this is run after a
 * deploy that adds a step (README, Deploy to AWS). `--list` only prints the
 * version the table records and the steps a run would take. Which DynamoDB:
 * DYNAMODB_ENDPOINT if set; with --aws, the AWS table TABLE_NAME (credentials
 * and AWS_REGION from the shell); otherwise the local data in DATA_DIR
 * (default .data), starting DynamoDB Local for it, so stop `npm start` first.
 */
import { parseArgs } from 'node:util';
import { openCliTable } from './cli-table';
import { pendingUpgrades, upgradeLocalData } from './upgrade-data';

const usage = 'Usage: npm run upgrade-data -- [--aws] [--list]';

async function main() {
  const { values } = parseArgs({
    options: { aws: { type: 'boolean', default: false }, list: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const { db, stop } = await openCliTable(values.aws);
  try {
    const { from, steps } = await pendingUpgrades(db);
    console.log(`Table '${db.table}' is at data version ${from}.`);
    if (steps.length === 0) {
      console.log('Nothing to upgrade.');
      return;
    }
    for (const step of steps) console.log(`${values.list ? 'Pending' : 'Running'}: ${step.version} - ${step.name}`);
    if (values.list) return;
    await upgradeLocalData(db);
    const after = await pendingUpgrades(db);
    console.log(`Table '${db.table}' is now at data version ${after.from}.`);
    if (after.steps.length > 0) throw new Error(`Steps still pending: ${after.steps.map((step) => step.version).join(', ')}`);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

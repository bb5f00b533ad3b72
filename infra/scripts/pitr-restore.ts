/**
 * Restores the stage's DynamoDB table to a point in time, into a new table, and gives the new
 * table what a point-in-time restore leaves out. The runbook is the README's 'Disaster recovery'.
 *
 *   npm run pitr-restore -w infra -- --table <source table> --time 2026-11-01T09:30:00Z [--target <name>] [--region <region>]
 *   npm run pitr-restore -w infra -- --table <source table> --latest
 *
 * What DynamoDB restores: the items as they were at that time, the key schema, the indexes,
 * the billing mode and the encryption. What it does not, and this script then sets on the new
 * table from the source table: time to live, the stream (when the source has one), point-in-time
 * recovery itself, deletion protection and the tags (aws:* tags excepted; restored-from and
 * restored-to added). What it cannot set: the alarms and the functions' IAM grants, which the
 * stack makes for the table it is told to use: the switch is a deploy with
 * RESTORED_TABLE_NAME=<new table> (infra/src/config.ts restoredTableName), printed at the end.
 */
import { pathToFileURL } from 'node:url';
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTagsOfResourceCommand,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  TagResourceCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type Tag,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';

export interface RestoreOptions {
  /** The table to restore from (the stage's table: the stack output TableName). */
  readonly sourceTable: string;
  /** The time to restore to; undefined: the latest restorable time (about 5 minutes ago). */
  readonly time?: Date;
  /** The new table's name; default <source>-pitr-<time, YYYYMMDDTHHMMZ>. */
  readonly targetTable?: string;
}

export interface RestoreResult {
  readonly targetTable: string;
  readonly restoredTo: string;
  /** What was set on the new table after the restore, in order. */
  readonly applied: readonly string[];
}

export interface RestoreDeps {
  readonly client: Pick<DynamoDBClient, 'send'>;
  readonly log: (line: string) => void;
  /** Waits between DescribeTable polls while the new table is created or updated. */
  readonly sleep: (ms: number) => Promise<void>;
  /** Polls before giving up on the table becoming ACTIVE (a restore of a large table takes hours: 2 h at 10 s). */
  readonly maxPolls?: number;
}

export class RestoreError extends Error {
  override name = 'RestoreError';
}

/** The default name of the new table: the source's and the time restored to, to the minute. */
export function restoredTableName(sourceTable: string, time: Date): string {
  const stamp = time.toISOString().replace(/[-:]/g, '').slice(0, 13);
  return `${sourceTable}-pitr-${stamp}Z`.slice(0, 255);
}

const POLL_MS = 10_000;

async function describe(deps: RestoreDeps, table: string): Promise<TableDescription | undefined> {
  try {
    return (await deps.client.send(new DescribeTableCommand({ TableName: table }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/** Waits until the table and every index of it are ACTIVE (a restore, or an update, is done). */
async function waitForActive(deps: RestoreDeps, table: string): Promise<TableDescription> {
  const maxPolls = deps.maxPolls ?? 720;
  for (let poll = 0; poll < maxPolls; poll++) {
    const description = await describe(deps, table);
    const indexesActive = (description?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');
    if (description?.TableStatus === 'ACTIVE' && indexesActive) return description;
    if (poll === 0 || poll % 30 === 0) deps.log(`  waiting for ${table} to be ACTIVE (now ${description?.TableStatus ?? 'not visible yet'})...`);
    await deps.sleep(POLL_MS);
  }
  throw new RestoreError(`${table} did not become ACTIVE in ${(maxPolls * POLL_MS) / 60_000} minutes: check it in the DynamoDB console, then run the rest by hand (README, Disaster recovery)`);
}

async function tagsOf(deps: RestoreDeps, arn: string): Promise<Tag[]> {
  const tags: Tag[] = [];
  let nextToken: string | undefined;
  do {
    const page = await deps.client.send(new ListTagsOfResourceCommand({ ResourceArn: arn, ...(nextToken ? { NextToken: nextToken } : {}) }));
    tags.push(...(page.Tags ?? []));
    nextToken = page.NextToken;
  } while (nextToken);
  return tags;
}

/**
 * The restore: checks the source and the time against its recovery window, restores into the
 * new table, waits for it, then sets TTL, point-in-time recovery, the stream, deletion
 * protection and the tags as the source has them. Nothing is done to the source table.
 */
export async function restoreToPointInTime(options: RestoreOptions, deps: RestoreDeps): Promise<RestoreResult> {
  const source = await describe(deps, options.sourceTable);
  if (!source?.TableArn) throw new RestoreError(`No table ${options.sourceTable} in this account and region`);
  const backups = await deps.client.send(new DescribeContinuousBackupsCommand({ TableName: options.sourceTable }));
  const pitr = backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription;
  if (pitr?.PointInTimeRecoveryStatus !== 'ENABLED' || !pitr.EarliestRestorableDateTime || !pitr.LatestRestorableDateTime) {
    throw new RestoreError(`Point-in-time recovery is not enabled on ${options.sourceTable}: there is nothing to restore from`);
  }
  const earliest = pitr.EarliestRestorableDateTime;
  const latest = pitr.LatestRestorableDateTime;
  if (options.time && (options.time < earliest || options.time > latest)) {
    throw new RestoreError(`${options.time.toISOString()} is outside ${options.sourceTable}'s recovery window: ${earliest.toISOString()} to ${latest.toISOString()}`);
  }
  const restoredTo = options.time ?? latest;
  const targetTable = options.targetTable ?? restoredTableName(options.sourceTable, restoredTo);
  if (await describe(deps, targetTable)) throw new RestoreError(`A table ${targetTable} exists already: name another with --target`);

  const ttl = (await deps.client.send(new DescribeTimeToLiveCommand({ TableName: options.sourceTable }))).TimeToLiveDescription;
  const tags = (await tagsOf(deps, source.TableArn)).filter((tag) => tag.Key && !tag.Key.startsWith('aws:'));

  deps.log(`Restoring ${options.sourceTable} as it was at ${restoredTo.toISOString()} into ${targetTable}...`);
  await deps.client.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: options.sourceTable,
      TargetTableName: targetTable,
      ...(options.time ? { RestoreDateTime: options.time } : { UseLatestRestorableTime: true }),
      ...(source.BillingModeSummary?.BillingMode === 'PAY_PER_REQUEST' ? { BillingModeOverride: 'PAY_PER_REQUEST' } : {}),
    }),
  );
  const targetArn = (await waitForActive(deps, targetTable)).TableArn;
  if (!targetArn) throw new RestoreError(`${targetTable} has no ARN`);

  const applied: string[] = [];
  const step = async (what: string, run: () => Promise<unknown>) => {
    deps.log(`  ${what}`);
    await run();
    applied.push(what);
  };
  if (ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING') {
    const attribute = ttl.AttributeName;
    if (!attribute) throw new RestoreError(`${options.sourceTable} has TTL on, on no attribute`);
    await step(`time to live on ${attribute}`, () =>
      deps.client.send(new UpdateTimeToLiveCommand({ TableName: targetTable, TimeToLiveSpecification: { Enabled: true, AttributeName: attribute } })),
    );
  }
  await step('point-in-time recovery', () =>
    deps.client.send(new UpdateContinuousBackupsCommand({ TableName: targetTable, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })),
  );
  // UpdateTable takes one change at a time, each after the table is ACTIVE again.
  if (source.StreamSpecification?.StreamEnabled) {
    const viewType = source.StreamSpecification.StreamViewType;
    await step(`stream (${viewType})`, async () => {
      await deps.client.send(new UpdateTableCommand({ TableName: targetTable, StreamSpecification: { StreamEnabled: true, StreamViewType: viewType } }));
      await waitForActive(deps, targetTable);
    });
  }
  if (source.DeletionProtectionEnabled) {
    await step('deletion protection', async () => {
      await deps.client.send(new UpdateTableCommand({ TableName: targetTable, DeletionProtectionEnabled: true }));
      await waitForActive(deps, targetTable);
    });
  }
  const marks: Tag[] = [
    { Key: 'restored-from', Value: options.sourceTable },
    { Key: 'restored-to', Value: restoredTo.toISOString() },
  ];
  const allTags = [...tags.filter((tag) => !marks.some((mark) => mark.Key === tag.Key)), ...marks];
  await step(`tags (${allTags.map((tag) => tag.Key).join(', ')})`, () => deps.client.send(new TagResourceCommand({ ResourceArn: targetArn, Tags: allTags })));
  return { targetTable, restoredTo: restoredTo.toISOString(), applied };
}

/** The command line: --table, then --time <ISO> or --latest; --target and --region optional. */
export function parseArgs(argv: readonly string[]): RestoreOptions & { region?: string } {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at === -1 ? undefined : argv[at + 1];
  };
  const sourceTable = value('--table');
  if (!sourceTable) throw new RestoreError('--table <name> is required: the stage table (the stack output TableName)');
  const timeText = value('--time');
  const latest = argv.includes('--latest');
  if (!timeText === !latest) throw new RestoreError('Give either --time <ISO 8601, e.g. 2026-11-01T09:30:00Z> or --latest');
  const time = timeText ? new Date(timeText) : undefined;
  if (time && Number.isNaN(time.getTime())) throw new RestoreError(`--time '${timeText}' is not a time (ISO 8601, e.g. 2026-11-01T09:30:00Z)`);
  const targetTable = value('--target');
  const region = value('--region');
  return { sourceTable, ...(time ? { time } : {}), ...(targetTable ? { targetTable } : {}), ...(region ? { region } : {}) };
}

async function main() {
  try {
    const { region, ...options } = parseArgs(process.argv.slice(2));
    const client = new DynamoDBClient(region ? { region } : {});
    const result = await restoreToPointInTime(options, { client, log: (line) => console.log(line), sleep: (ms) => new Promise((done) => setTimeout(done, ms)) });
    console.log(`\n${result.targetTable} holds ${options.sourceTable} as it was at ${result.restoredTo}; set on it: ${result.applied.join('; ')}.`);
    console.log('Switch the stage to it (functions, their grants, the alarms), with the same settings as every deploy of the stage:');
    console.log(`  RESTORED_TABLE_NAME=${result.targetTable} STAGE=<stage> ALARM_EMAIL=<...> npm run deploy`);
    console.log('and keep RESTORED_TABLE_NAME in every later deploy of that stage (README, Disaster recovery).');
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

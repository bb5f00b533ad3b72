import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { CfnLogGroup, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { log } from '@app/functions/lib/log';
import { lambdaJsonLogLines, matchesFilterPattern } from '../../test/cloudwatch-logs';
import { ERROR_LOG_PATTERN, RequireLogRetention, logRetentionFor } from './monitoring';

describe('log retention', () => {
  it('flags a log group that would keep its logs forever, and only that one', () => {
    const stack = new Stack(new App(), 'Logs');
    new LogGroup(stack, 'Kept', { retention: RetentionDays.ONE_WEEK });
    new LogGroup(stack, 'Forever', { retention: RetentionDays.INFINITE });
    new CfnLogGroup(stack, 'Raw');
    Aspects.of(stack).add(new RequireLogRetention());
    const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('without retention'));
    expect(errors.map((e) => e.id).sort()).toEqual(['/Logs/Forever/Resource', '/Logs/Raw']);
  });

  it('keeps logs a week on throw-away stages and three months elsewhere', () => {
    expect(logRetentionFor(true)).toBe(RetentionDays.ONE_WEEK);
    expect(logRetentionFor(false)).toBe(RetentionDays.THREE_MONTHS);
  });
});

/** The lines the app's logger (functions/src/lib/log.ts) writes inside `write`, as a Lambda function with the JSON log format stores them. */
function appLogLines(write: () => void): string[] {
  const saved = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'debug'; // the tests run with 'silent'
  try {
    return lambdaJsonLogLines(write);
  } finally {
    process.env.LOG_LEVEL = saved;
  }
}

describe('the error-log metric filter', () => {
  const pattern = ERROR_LOG_PATTERN.logPatternString;

  it("matches the app's log.error lines as Lambda's JSON log format stores them, and none of its other lines", () => {
    const [error, ...others] = appLogLines(() => {
      log.error('outbox send failed', { route: 'POST /api/settings/test-email', error: new Error('421 too many connections') });
      log.warn('slow query', { ms: 812 });
      log.info('daily jobs run', { created: 2 });
      log.debug('cache miss', { key: 'SETTINGS' });
    });
    expect(others).toHaveLength(3);
    // Lambda's record around the app's own: its level from console.error, the app's fields inside.
    expect(JSON.parse(error!)).toMatchObject({ level: 'ERROR', requestId: expect.any(String) });
    expect(matchesFilterPattern(pattern, error!)).toBe(true);
    for (const line of others) expect(matchesFilterPattern(pattern, line), line).toBe(false);
  });

  it('reads JSON filter patterns as CloudWatch Logs documents them (the evaluator the test above relies on)', () => {
    const event = JSON.stringify({
      eventType: 'UpdateTrail',
      sourceIPAddress: '123.123.0.7',
      bandwidth: 80,
      arrayKey: ['value', 'other'],
      user: { id: 1, admin: true, email: null },
      nested: '{"level":"error"}',
    });
    const cases: [string, boolean][] = [
      ['{ $.eventType = "UpdateTrail" }', true],
      ['{ $.eventType = "Update*" }', true],
      ['{ $.eventType = "updatetrail" }', false],
      ['{ $.eventType != "UpdateTrail" }', false],
      ['{ $.sourceIPAddress = 123.123.* }', true],
      ['{ $.sourceIPAddress != 123.123.* }', false],
      ['{ $.bandwidth > 75 }', true],
      ['{ $.bandwidth <= 75 }', false],
      ['{ $.bandwidth = "80" }', false],
      ['{ $.arrayKey[0] = "value" }', true],
      ['{ $.arrayKey[1] = "value" }', false],
      ['{ $.user.id = 1 && $.user.admin IS TRUE }', true],
      ['{ ($.user.id = 2) || ($.user.email IS NULL) }', true],
      ['{ $.user.id = 2 || $.user.admin IS FALSE }', false],
      ['{ $.missing NOT EXISTS }', true],
      ['{ $.missing != "x" }', false],
      // JSON text inside a string is a string, not an object.
      ['{ $.nested.level = "error" }', false],
    ];
    for (const [filter, expected] of cases) expect(matchesFilterPattern(filter, event), filter).toBe(expected);
    expect(matchesFilterPattern('{ $.level = "error" }', '2024-01-01T00:00:00.000Z\tid\tERROR\t{"level":"error"}')).toBe(false);
    expect(() => matchesFilterPattern('{ $.level ~ "error" }', event)).toThrow(/filter pattern/);
    expect(() => matchesFilterPattern('[ip, user]', event)).toThrow(/filter pattern/);
  });
});

import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { CfnLogGroup, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { RequireLogRetention, logRetentionFor } from './monitoring';

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

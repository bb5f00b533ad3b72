import { afterAll, describe, expect, it } from 'vitest';
import { fakeWebDist, removeTempDirs } from '../test/synth';
import { ConfigError, DEFAULT_ADMIN_CONCURRENCY, DEFAULT_JOBS_CONCURRENCY, DEFAULT_PUBLIC_CONCURRENCY, parseConfig } from './config';

const webDist = fakeWebDist();
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f3c5a4e-1111-4222-8333-944455556666';

function problemsOf(input: Parameters<typeof parseConfig>[0]): string[] {
  try {
    parseConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

afterAll(removeTempDirs);

describe('deployment config', () => {
  it('defaults to the disposable dev stage without domain or alarm email', () => {
    const config = parseConfig({ webDist });
    expect(config).toMatchObject({ stage: 'dev', disposable: true, webDistPath: webDist });
    expect(config.domain).toBeUndefined();
    expect(config.alarmEmail).toBeUndefined();
  });

  it('keeps data in every stage that is not dev or dev-*', () => {
    expect(parseConfig({ webDist, stage: 'dev-asha' }).disposable).toBe(true);
    const alarmEmail = 'ops@kaveri-studio.in';
    expect(parseConfig({ webDist, stage: 'staging', alarmEmail }).disposable).toBe(false);
    expect(parseConfig({ webDist, stage: 'prod', alarmEmail }).disposable).toBe(false);
  });

  it('accepts a custom domain with a us-east-1 certificate and an alarm email', () => {
    const config = parseConfig({
      webDist,
      stage: 'prod',
      domainName: 'www.Kaveri-Studio.in',
      certificateArn,
      alarmEmail: 'ops@kaveri-studio.in',
    });
    expect(config.domain).toEqual({ name: 'www.kaveri-studio.in', certificateArn });
    expect(config.alarmEmail).toBe('ops@kaveri-studio.in');
  });

  it('rejects a certificate outside us-east-1, which CloudFront cannot use', () => {
    const problems = problemsOf({
      webDist,
      domainName: 'www.kaveri-studio.in',
      certificateArn: certificateArn.replace('us-east-1', 'ap-south-1'),
    });
    expect(problems).toEqual([expect.stringContaining('us-east-1')]);
  });

  it('requires the certificate and the domain together', () => {
    expect(problemsOf({ webDist, domainName: 'www.kaveri-studio.in' })).toEqual([
      expect.stringContaining('domainName needs certificateArn'),
    ]);
    expect(problemsOf({ webDist, certificateArn })).toEqual([expect.stringContaining('domainName is not')]);
  });

  it('lists every problem at once, each saying what is wrong', () => {
    const problems = problemsOf({
      webDist: '/nowhere/web/dist',
      stage: 'Prod_1',
      domainName: 'not a domain',
      certificateArn,
      alarmEmail: 'ops-at-example',
      account: '12345',
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/stage 'Prod_1'/);
    expect(problems.join('\n')).toMatch(/domainName 'not a domain'/);
    expect(problems.join('\n')).toMatch(/alarmEmail 'ops-at-example'/);
    expect(problems.join('\n')).toMatch(/npm run build -w web/);
    expect(problems.join('\n')).toMatch(/12-digit/);
  });

  it('reserves concurrency for the public function: a default, a number, or none', () => {
    expect(parseConfig({ webDist }).publicConcurrency).toBe(DEFAULT_PUBLIC_CONCURRENCY);
    expect(parseConfig({ webDist, publicConcurrency: ' 40 ' }).publicConcurrency).toBe(40);
    expect(parseConfig({ webDist, publicConcurrency: 'none' }).publicConcurrency).toBeUndefined();
    for (const bad of ['0', '-3', '2.5', 'lots', '100000']) {
      expect(problemsOf({ webDist, publicConcurrency: bad })).toEqual([expect.stringMatching(/^publicConcurrency '.*' must be/)]);
    }
  });

  it('reserves concurrency for the admin and Jobs functions too: defaults, numbers, or none', () => {
    expect(parseConfig({ webDist })).toMatchObject({ adminConcurrency: DEFAULT_ADMIN_CONCURRENCY, jobsConcurrency: DEFAULT_JOBS_CONCURRENCY });
    expect(parseConfig({ webDist, adminConcurrency: '30', jobsConcurrency: '1' })).toMatchObject({ adminConcurrency: 30, jobsConcurrency: 1 });
    const unreserved = parseConfig({ webDist, adminConcurrency: 'none', jobsConcurrency: 'none' });
    expect(unreserved.adminConcurrency).toBeUndefined();
    expect(unreserved.jobsConcurrency).toBeUndefined();
    expect(problemsOf({ webDist, adminConcurrency: '0', jobsConcurrency: 'two' })).toEqual([
      "adminConcurrency '0' must be a whole number from 1 to 1000, or 'none' to leave the admin function unreserved",
      "jobsConcurrency 'two' must be a whole number from 1 to 1000, or 'none' to leave the Jobs function unreserved",
    ]);
  });

  it('deploys kept stages as a canary and dev stages all at once, unless told', () => {
    const alarmEmail = 'ops@kaveri-studio.in';
    expect(parseConfig({ webDist }).deployment).toBe('all-at-once');
    expect(parseConfig({ webDist, stage: 'prod', alarmEmail }).deployment).toBe('canary');
    expect(parseConfig({ webDist, stage: 'prod', alarmEmail, deployment: 'all-at-once' }).deployment).toBe('all-at-once');
    expect(parseConfig({ webDist, deployment: 'canary' }).deployment).toBe('canary');
    expect(problemsOf({ webDist, deployment: 'blue-green' })).toEqual(["deployment 'blue-green' must be one of canary, all-at-once"]);
  });

  it('requires an alarm email outside dev stages, so alarms reach someone', () => {
    for (const stage of ['staging', 'prod']) {
      expect(problemsOf({ webDist, stage })).toEqual([
        `stage '${stage}' needs alarmEmail (ALARM_EMAIL): the address the alarms are mailed to; only dev and dev-* stages may go without`,
      ]);
      expect(problemsOf({ webDist, stage, alarmEmail: 'ops@kaveri-studio.in' })).toEqual([]);
    }
    expect(problemsOf({ webDist, stage: 'dev-asha' })).toEqual([]);
  });

  it('treats blank values as unset', () => {
    expect(parseConfig({ webDist, stage: ' ', domainName: '', alarmEmail: '  ' })).toMatchObject({ stage: 'dev' });
  });
});

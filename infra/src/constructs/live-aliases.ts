import { Duration, Validations } from 'aws-cdk-lib';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaFunction as LambdaTarget, type LambdaFunctionProps } from 'aws-cdk-lib/aws-events-targets';
import type { Alias, Function as LambdaFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { DeploymentStrategy } from '../config';

/** The alias every caller invokes (API Gateway, the EventBridge rules, the admin function's async invokes). */
export const LIVE_ALIAS = 'live';

/** How long a dead-letter queue keeps a failed event: SQS's maximum, time to look at it after a long weekend. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/** Lambda's retries of a failed async invoke before the event goes to the dead-letter queue (Lambda's default, said out loud). */
export const ASYNC_RETRY_ATTEMPTS = 2;

export interface LiveAliasesProps {
  /** `canary`: CodeDeploy's 10% for 5 minutes, rolled back on the alarms Monitoring names; `all-at-once`: at once, no alarms. */
  readonly deployment: DeploymentStrategy;
}

/**
 * Safe deploys and failure handling for the API's functions:
 * - each function publishes a version at every change and gets a `live` alias, which is what gets invoked;
 * - the alias of a function that serves traffic moves to a new version through a CodeDeploy deployment group
 *   (`canary`: 10% for 5 minutes, then all, rolled back when an alarm fires; `all-at-once`: at once), so a bad
 *   deploy reaches a tenth of the requests and goes back by itself. The Jobs function's alias moves with the stack
 *   update: its runs are scheduled or started one at a time, and the deploy's data upgrade must run the new code;
 * - an alias invoked asynchronously (an EventBridge rule, another function's Event invoke) sends an event that
 *   failed ASYNC_RETRY_ATTEMPTS more times to the `AsyncFailures` queue, and every rule's target sends what
 *   EventBridge could not deliver (permissions, throttling beyond its retries) to the `DeliveryFailures` queue:
 *   SQS, encrypted (SQS-managed keys), TLS only, kept DEAD_LETTER_RETENTION. Monitoring alarms on their depth.
 */
export class LiveAliases extends Construct {
  /** The CodeDeploy deployment group of each function that serves traffic, by the function's construct id (Public, Admin, ...). */
  readonly deploymentGroups: Record<string, LambdaDeploymentGroup> = {};
  private readonly byFunction = new Map<IFunction, Alias>();
  private readonly asyncConfigured = new Set<Alias>();
  private readonly queues: Record<string, Queue> = {};
  private application?: LambdaApplication;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: LiveAliasesProps,
  ) {
    super(scope, id);
  }

  /**
   * Publishes `fn`'s current version (a new one whenever its code or configuration changes) and points its
   * `live` alias at it; with `trafficShifting`, through a CodeDeploy deployment group.
   */
  add(id: string, fn: LambdaFunction, options: { trafficShifting: boolean }): Alias {
    const alias = fn.addAlias(LIVE_ALIAS, { description: 'What API Gateway, the EventBridge rules and the admin function invoke' });
    this.byFunction.set(fn, alias);
    if (options.trafficShifting) {
      this.application ??= new LambdaApplication(this, 'Application');
      const group = new LambdaDeploymentGroup(this, `${id}Deployment`, {
        application: this.application,
        alias,
        deploymentConfig:
          this.props.deployment === 'canary' ? LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES : LambdaDeploymentConfig.ALL_AT_ONCE,
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: this.props.deployment === 'canary' },
      });
      Validations.of(group).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason:
          "CodeDeploy's service role for Lambda deployments: CDK attaches AWS's limited managed policy (read the alarms, " +
          'update the alias, invoke hooks named CodeDeployHook_*), the narrowest role CodeDeploy offers for it.',
      });
      this.deploymentGroups[id] = group;
    }
    return alias;
  }

  /** The `live` alias of a function `add` was given. */
  alias(fn: IFunction): Alias {
    const alias = this.byFunction.get(fn);
    if (!alias) throw new Error(`${fn.node.path} has no '${LIVE_ALIAS}' alias (made in Api.nodeFunction)`);
    return alias;
  }

  /** The `live` aliases of a record of functions, by the same keys. */
  aliases<K extends string>(functions: Readonly<Record<K, IFunction>>): Record<K, Alias> {
    const entries = Object.entries<IFunction>(functions).map(([key, fn]) => [key, this.alias(fn)]);
    return Object.fromEntries(entries) as Record<K, Alias>;
  }

  /**
   * The `live` alias as the target of asynchronous invokes: once configured, an event that fails its
   * ASYNC_RETRY_ATTEMPTS retries (or outlives Lambda's 6 hours of them) lands in the AsyncFailures queue.
   */
  asyncTarget(fn: IFunction): Alias {
    const alias = this.alias(fn);
    if (!this.asyncConfigured.has(alias)) {
      alias.configureAsyncInvoke({ onFailure: new SqsDestination(this.queue('AsyncFailures')), retryAttempts: ASYNC_RETRY_ATTEMPTS });
      this.asyncConfigured.add(alias);
    }
    return alias;
  }

  /** An EventBridge rule's target: the function's `live` alias (an async target), with the DeliveryFailures queue as its dead-letter queue. */
  ruleTarget(fn: IFunction, props: Omit<LambdaFunctionProps, 'deadLetterQueue'>): LambdaTarget {
    return new LambdaTarget(this.asyncTarget(fn), { ...props, deadLetterQueue: this.queue('DeliveryFailures') });
  }

  /** The dead-letter queues made so far, by name (AsyncFailures, DeliveryFailures). */
  get deadLetterQueues(): Readonly<Record<string, Queue>> {
    return this.queues;
  }

  /** Makes a canary deployment of function `id` stop and roll back while any of `alarms` is in ALARM (nothing when all-at-once). */
  rollBackOn(id: string, alarms: readonly IAlarm[]): void {
    const group = this.deploymentGroups[id];
    if (!group || this.props.deployment !== 'canary') return;
    for (const alarm of alarms) group.addAlarm(alarm);
  }

  private queue(name: 'AsyncFailures' | 'DeliveryFailures'): Queue {
    const existing = this.queues[name];
    if (existing) return existing;
    const queue = new Queue(this, name, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `${name} is itself a dead-letter queue (of Lambda async invokes or EventBridge targets): nothing reads it but a person, after its depth alarm.`,
    });
    this.queues[name] = queue;
    return queue;
  }
}

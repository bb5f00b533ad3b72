import { Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { BACKUP_RETENTION_DAYS } from '@app/functions/backup/backup-storage';

/** The key prefix of the backup files (functions/src/backup/): the only prefix replicated (uploads/ are restore inputs, a day old at most). */
export const REPLICATED_BACKUP_PREFIX = 'backups/';

/**
 * The name of the bucket in the second region that the stage's backups are copied to. Fixed
 * (not generated), so the main stack can name its replication destination without a reference
 * across regions: the main stack may be environment-agnostic, and CDK's cross-region references
 * need both regions at synth. The account makes it unique; `account` is a stack's account
 * (a token for an environment-agnostic stack, the same account in both).
 */
export function backupReplicaBucketName(stage: string, account: string, drRegion: string): string {
  return `studio-${stage}-backups-${account}-${drRegion}`;
}

export interface BackupReplicaProps {
  readonly stage: string;
  /** RETAIN outside throw-away stages, as the source bucket. */
  readonly dataRemovalPolicy: RemovalPolicy;
  readonly autoDeleteObjects: boolean;
}

/**
 * The second region's copy of the backup files (create it in a stack of that region): a private,
 * encrypted, TLS-only, versioned bucket that S3 Cross-Region Replication fills from the main
 * stack's backup bucket (constructs/web.ts), with the source's lifecycle for backups/ (deleted
 * after BACKUP_RETENTION_DAYS, replaced versions after a day), and its own access-log bucket.
 * Deletions are not replicated: a backup deleted or expired in the main region stays here until
 * this bucket's own lifecycle expires it.
 */
export class BackupReplica extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;

  constructor(scope: Construct, id: string, props: BackupReplicaProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: props.dataRemovalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket of the backup replica; logging its own access would log into itself.',
    });
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: backupReplicaBucketName(props.stage, stack.account, stack.region),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/backups/',
      // Replication needs versioning on both sides.
      versioned: true,
      lifecycleRules: [
        {
          id: 'ExpireOldBackups',
          prefix: REPLICATED_BACKUP_PREFIX,
          expiration: Duration.days(BACKUP_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: props.dataRemovalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
  }
}

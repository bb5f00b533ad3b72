import { kinds as auditKinds } from './audit';
import { kinds as authKinds } from './auth';
import { backupClasses as classify, kinds as backupKinds, type BackupClasses } from './backup';
import { kinds as blogKinds } from './blog';
import { kinds as campaignKinds } from './campaigns';
import { kinds as customerKinds } from './customers';
import { engineKinds } from './db/engine-kinds';
import type { Kind } from './db/kind';
import { kinds as financeKinds } from './finance';
import { kinds as integrationKinds } from './integrations';
import { kinds as leadKinds } from './leads';
import { rateLimitWindowKind } from './lib/rate-limit';
import { kinds as notifyKinds } from './notify';
import { kinds as peopleKinds } from './people';
import { kinds as projectKinds } from './projects';
import { kinds as quotationKinds } from './quotations';
import { kinds as settingsKinds } from './settings';
import { kinds as vendorKinds } from './vendors';

/**
 * Every definition of the table's items (db/kind.ts): the engine's, the
 * platform's and each module's. The narrowed functions' key access is derived
 * from it (handlers/pdf-access.ts, infra's PUBLIC_KEY_ACCESS), its patterns in
 * this order: the PDFs' quotation first, the website's reads (settings,
 * projects, blog), then lead capture's writes (leads, audit, notify), as the
 * roles have always listed them (infra/public-role-policy.json).
 */
export const kinds: readonly Kind[] = [
  ...engineKinds,
  rateLimitWindowKind,
  ...quotationKinds(),
  ...settingsKinds(),
  ...projectKinds(),
  ...blogKinds(),
  ...leadKinds(),
  ...campaignKinds(),
  ...auditKinds(),
  ...notifyKinds(),
  ...peopleKinds(),
  ...authKinds(),
  ...backupKinds(),
  ...customerKinds(),
  ...financeKinds(),
  ...vendorKinds(),
  ...integrationKinds(),
];

/** What a backup holds and a restore replaces, by these definitions (backup/classify.ts): the hosts give it to the backup routes and jobs. */
export const backupClasses: BackupClasses = classify(kinds);

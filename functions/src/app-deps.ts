import type { Context } from 'hono';
import type { HashSlot } from './auth';
import type { SigningKeyProvider } from './auth';
import type { BackupClasses, BackupKeyProvider, BackupStorage } from './backup';
import type { Db } from './db/client';
import type { EmployeeItem } from './people';
import type { SessionItem } from './auth';
import type { PhotoStorage } from './photos';
import type { JobRunner } from './jobs/backup';
import type { FieldCrypto } from './secrets/field-crypto';
import type { FormTokenKeys } from './leads';
import type { MailerFactory } from './notify';
import type { PublicQuotation } from '@app/shared-types/quotations';
import type { PageRenderer } from './site';

/** What the app needs from its host. The Lambda and the local server each provide it. */
export interface Deps {
  db: Db;
  /** The caller's IP address, as the host knows it (socket or API Gateway context). */
  clientIp: (c: Context) => string;
  /**
   * Key that signs session tokens. Hosts that serve the portal provide it; the
   * public Lambda does not, and every signed-in route answers 401 there.
   */
  signingKey?: SigningKeyProvider;
  /** Mark the session cookie Secure. Unset: when the request came over https. */
  secureCookies?: boolean;
  /**
   * Origins, besides the request's own, allowed to send state-changing
   * requests (e.g. 'https://www.example.com' when the API sees another host).
   */
  allowedOrigins?: readonly string[];
  /**
   * Where project photos are stored. Hosts that serve the portal provide it;
   * without it, photo uploads answer 503.
   */
  photos?: PhotoStorage;
  /**
   * How long any request may take before the app answers 503; unset:
   * each route's declared deadline (lib/route-access.ts: 8 s public routes, 12 s staff routes).
   */
  requestDeadlineMs?: number;
  /**
   * The site's public address as deployed (SITE_URL: the custom domain, or
   * CloudFront's), for the sitemap and robots.txt. Unset: Settings > Company website.
   */
  siteUrl?: string;
  /**
   * Renders a quotation as an A4 PDF (functions/src/quotations/pdf.ts). Hosts
   * that serve the PDF routes provide it (the local server, and the PDF
   * function deployed, which API Gateway sends those routes to); without it
   * they answer 503. `logo`: the letterhead logo's bytes (quotations/letterhead-logo.ts), read from `photos`.
   */
  renderQuotationPdf?: (quote: PublicQuotation, logo?: Uint8Array | null) => Promise<Uint8Array<ArrayBuffer>>;
  /**
   * Seals and opens employees' personal data (Aadhaar, PAN, bank account):
   * a KMS data key deployed (PII_KMS_KEY_ID, the admin function only), a 0600
   * key file locally. Without it, writing or revealing those fields answers 503.
   */
  fieldCrypto?: FieldCrypto;
  /**
   * Backup files, the key they are signed with (an uploaded file is checked
   * against it) and what runs backup and restore jobs: S3, a Secrets Manager
   * secret and an async invoke of the Jobs function deployed; DATA_DIR/backups,
   * DATA_DIR/backup-key and this process locally. Without it, the backup routes answer 503.
   * `classes`: what a backup holds, by the catalog of definitions (functions/src/kinds.ts backupClasses).
   */
  backups?: { storage: BackupStorage; key: BackupKeyProvider; runner: JobRunner; classes: BackupClasses };
  /**
   * Starts other background jobs (the stored submissions' expiry after
   * Settings > dataRetentionDays changed): this process locally, an async
   * invoke of the Jobs function deployed. Without it, the daily job applies them.
   */
  jobs?: JobRunner;
  /**
   * Sends email over Settings > Email (notify/smtp-mailer.ts, nodemailer): the
   * admin function and the local server. Without it, the test email answers 503.
   */
  mailer?: MailerFactory;
  /**
   * Told when a request may have written to the notification outbox (a retry,
   * or any write): the local host runs the sender soon instead of at its next
   * tick. Deployed, the sender runs every minute (handlers/jobs.ts) and this is unset.
   */
  outboxChanged?: () => void;
  /**
   * Renders a public page (the web's entry-server.tsx, built to web/dist/server,
   * with the built index.html as its template): site/pages-routes.ts. Hosts that serve
   * the website provide it (site/page-renderer.ts); without it those paths fall through.
   */
  renderPage?: PageRenderer;
  /**
   * The HMAC keys of the public forms' tokens (leads/form-token.ts): derived
   * from the origin-verify secret in the public function, from the session
   * signing key locally. Without them, GET /api/form-token answers 503 and
   * every form submission is kept flagged as spam ('no form token').
   */
  formTokenKeys?: FormTokenKeys;
  /** The clock (epoch milliseconds); tests move it instead of waiting. */
  now?: () => number;
}

/** Who is signed in: set by requireSession for every route it guards. */
export interface AuthContext {
  employee: EmployeeItem;
  session: SessionItem;
  /** Settings > sessionTimeout in minutes, as read for this request. */
  timeoutMinutes: number;
}

export interface AppEnv {
  /**
   * requestId: set for every request (hono/request-id), recorded in audit entries and logs.
   * hashSlot: the hash queue place POST /api/auth/login holds (auth/auth-routes.ts).
   */
  Variables: { deps: Deps; auth: AuthContext; requestId: string; hashSlot: HashSlot };
}

/**
 * The notification outbox's part of `npm run bench` (BENCH_ONLY=outbox runs it
 * alone): BENCH_OUTBOX_EVENTS events (200) recorded as the writes record them
 * (one outbox item each), then sent by the sender (jobs/outbox.ts) to a real
 * SMTP server on 127.0.0.1 (smtp-server, AUTH on, no TLS), first by one sender
 * and then, for a second batch, by two at once; each event also rings the
 * bell of two admins. Prints events/s and checks every email arrived exactly once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '@app/functions/db/client';
import { createEmployee } from '@app/functions/people/employee-repo';
import { systemContext } from '@app/functions/db/entity';
import { keys } from '@app/functions/db/keys';
import { commit, plan } from '@app/functions/db/plan';
import { runOutboxSender } from '@app/functions/jobs/outbox';
import { TASK_RUNNERS } from '@app/functions/jobs/tasks';
import { ensureTable } from '@app/functions/local/create-table';
import { notify } from '@app/functions/notify/outbox';
import { smtpMailers } from '@app/functions/notify/smtp-mailer';
import { staticFieldCrypto } from '@app/functions/secrets/field-crypto';
import { SMTP_PASSWORD, SMTP_USER, startSmtpServer } from '../../functions/test/smtp';

const EVENTS = Number(process.env.BENCH_OUTBOX_EVENTS ?? 200);

async function record(db: Db, batch: string, count: number) {
  const ctx = systemContext(new Date().toISOString(), 'bench');
  for (let start = 0; start < count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, (_, i) => {
        const p = plan(db, ctx);
        notify(p, { kind: 'lead.created', leadId: randomUUID(), name: `${batch} ${start + i}`, phone: '9000000000', source: 'Website' });
        return commit(p);
      }),
    );
  }
}

/** Runs `senders` senders side by side until none claims anything: the time it took. */
async function drain(db: Db, senders: number, mailer: ReturnType<typeof smtpMailers>) {
  const started = performance.now();
  const runs = await Promise.all(
    Array.from({ length: senders }, async () => {
      let claimed = 0;
      for (;;) {
        const result = await runOutboxSender(db, Date.now(), { mailer, tasks: TASK_RUNNERS });
        claimed += result.claimed;
        if (result.claimed === 0) return claimed;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, claimed: runs };
}

export async function outboxBench(endpoint: string) {
  const db = createDb({ table: `bench-outbox-${randomUUID()}`, endpoint, region: 'local' });
  await ensureTable(db);
  const smtp = await startSmtpServer();
  try {
    const crypto = staticFieldCrypto(randomBytes(32));
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.settings(),
          entityType: 'Settings',
          version: 1,
          company: { companyName: 'Bench Studio', companyEmail: 'office@bench.example' },
          email: { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUsername: SMTP_USER, smtpSecure: false, emailFromName: 'Bench', emailFromAddress: 'noreply@bench.example', smtpPasswordSealed: await crypto.seal(SMTP_PASSWORD) },
        },
      }),
    );
    // Two admins: each event also rings two bells (a notification and an unread count each).
    for (const n of [1, 2]) await createEmployee(db, { name: `Bench Admin ${n}`, email: `admin${n}@bench.example`, role: 'admin', passwordHash: 'not-used' }, new Date().toISOString());
    const mailer = smtpMailers(db, crypto);
    for (const [batch, senders] of [['one', 1], ['two', 2]] as const) {
      await record(db, `Bench ${batch}`, EVENTS);
      const { seconds, claimed } = await drain(db, senders, mailer);
      const received = smtp.withSubject(`New lead: Bench ${batch} `);
      const distinct = new Set(received.map((mail) => mail.subject)).size;
      if (received.length !== EVENTS || distinct !== EVENTS) throw new Error(`outbox bench: ${received.length} emails (${distinct} distinct) for ${EVENTS} events`);
      console.log(
        `Notification outbox: ${EVENTS} events sent to a local SMTP server by ${senders} sender${senders > 1 ? 's' : ''} in ${seconds.toFixed(2)} s ` +
          `(${Math.round(EVENTS / seconds)} events/s; claimed ${claimed.join(' + ')}; each email once, two bells rung per event)`,
      );
    }
  } finally {
    await smtp.stop();
  }
}

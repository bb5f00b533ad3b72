import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, type BackupJob } from '@app/shared-types/backup';
import { renderPortalPage } from '../../../test/portal';
import { findToast } from '../../../test/render';
import { server } from '../../../test/server';
import { BackupsPanel } from './backups-panel';

const backup: BackupJob = {
  id: 'b1',
  kind: 'backup',
  status: 'succeeded',
  trigger: 'manual',
  startedAt: '2026-11-20T04:30:00.000Z',
  finishedAt: '2026-11-20T04:30:05.000Z',
  startedBy: { id: 'u', name: 'Asha Rao', email: 'a@x.in' },
  itemsDone: 5012,
  itemCount: 5012,
  size: 1_288_490,
};

/** The backup routes over a list of jobs that the test changes. */
function backupsApi(jobs: BackupJob[]) {
  const posted: { path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/settings/backups', () => HttpResponse.json({ items: jobs })),
    http.post('/api/settings/backup', () => {
      const job: BackupJob = { ...backup, id: 'b2', status: 'running', itemsDone: 0, itemCount: undefined, size: undefined, startedAt: '2026-11-21T04:30:00.000Z' };
      jobs.unshift(job);
      posted.push({ path: '/backup', body: null });
      return HttpResponse.json({ message: BACKUP_MESSAGES.started, job }, { status: 202 });
    }),
    http.post('/api/settings/backups/:id/restore', async ({ request, params }) => {
      const job: BackupJob = { ...backup, id: 'r1', kind: 'restore', status: 'running', itemsDone: 0, sourceId: String(params.id) };
      posted.push({ path: `/backups/${String(params.id)}/restore`, body: await request.json() });
      jobs.unshift(job);
      return HttpResponse.json({ message: BACKUP_MESSAGES.restoreStarted, job }, { status: 202 });
    }),
    http.get('/api/settings/backups/:id/download', ({ params }) => HttpResponse.json({ url: `/backup-files/backups/${String(params.id)}.jsonl.gz?signature=s` })),
  );
  return posted;
}

const opened: string[] = [];
const Panel = () => <BackupsPanel superadmin openUrl={(url) => opened.push(url)} />;
const AdminPanel = () => <BackupsPanel superadmin={false} />;
const render = (Component = Panel) => renderPortalPage('/admin/settings?tab=system', { path: '/admin/settings', Component, section: 'settings', role: 'superadmin' });

describe('Backups panel', () => {
  it('admins see a note and no actions (backup and restore are for superadmins)', async () => {
    render(AdminPanel);
    expect(await screen.findByText(/Backup and restore are for superadmins/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Backup Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('lists backups with time, items, size and who; Download opens the signed link', async () => {
    backupsApi([backup]);
    const { user } = render();
    const list = await screen.findByRole('list', { name: 'Backups' });
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(row.textContent).toContain('5,012 items');
    expect(row.textContent).toContain('1.2 MB');
    expect(row.textContent).toContain('by Asha Rao');
    await user.click(within(row).getByRole('button', { name: /^Download the backup of/ }));
    await waitFor(() => expect(opened).toEqual(['/backup-files/backups/b1.jsonl.gz?signature=s']));
  });

  it("a list that cannot load says 'Could not load the backups.' with the reason; Try again reads it again", async () => {
    let fail = true;
    server.use(http.get('/api/settings/backups', () => (fail ? HttpResponse.json({ error: 'Storage unavailable' }, { status: 503 }) : HttpResponse.json({ items: [backup] }))));
    const { user } = render();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the backups. Storage unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('list', { name: 'Backups' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("says 'No backups yet.' before the first, and Show older reads the next page of a longer list", async () => {
    backupsApi([]);
    const empty = render();
    expect(await screen.findByText('No backups yet.')).toBeTruthy();
    empty.unmount();

    const older: BackupJob = { ...backup, id: 'b0', startedAt: '2026-11-19T04:30:00.000Z' };
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/settings/backups', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(cursor === 'c2' ? { items: [older] } : { items: [backup], nextCursor: 'c2' });
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Show older' }));
    const list = screen.getByRole('list', { name: 'Backups' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(cursors).toEqual([null, 'c2']);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it("Backup Now toasts 'Database backup initiated successfully' and shows the running job's progress", async () => {
    const posted = backupsApi([backup]);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Backup Now' }));
    expect(await findToast('status', BACKUP_MESSAGES.started)).toBeTruthy();
    expect(posted).toEqual([{ path: '/backup', body: null }]);
    expect(await screen.findByText('Backing up: 0 items saved')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Backup Now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a refused Backup Now toasts 'Backup failed' with the reason", async () => {
    backupsApi([backup]);
    server.use(http.post('/api/settings/backup', () => HttpResponse.json({ error: 'A backup or restore is running already. Wait for it to finish.' }, { status: 409 })));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Backup Now' }));
    const toast = await findToast('alert', BACKUP_MESSAGES.failed);
    expect(toast.textContent).toContain('running already');
  });

  it("Restore from file uploads the chosen file with the signed form, then asks for its restore; a bad file's 400 is toasted with the reason", async () => {
    backupsApi([backup]);
    const sent: { fields: Record<string, string>; file: string }[] = [];
    const restores: unknown[] = [];
    server.use(
      http.post('/api/settings/backups/upload', () =>
        HttpResponse.json({ uploadId: '0f8fad5b-d9cb-469f-a165-70867728950e', url: '/backup-uploads', fields: { key: 'uploads/x.jsonl.gz', signature: 'sig' } }, { status: 201 }),
      ),
      http.post('/backup-uploads', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        sent.push({ fields: { key: String(form.get('key')), signature: String(form.get('signature')) }, file: await file.text() });
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/settings/backups/uploads/:uploadId/restore', async ({ request }) => {
        restores.push(await request.json());
        return HttpResponse.json({ error: 'The file is not a gzip file (a backup is a .jsonl.gz file made by Backup Now)' }, { status: 400 });
      }),
    );
    const { user } = render();
    await screen.findByRole('button', { name: 'Restore from file' });
    await user.upload(screen.getByLabelText('Backup file to restore'), new File(['not gzip'], 'old.jsonl.gz', { type: 'application/gzip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore from old.jsonl.gz?' });
    await user.type(within(dialog).getByLabelText('Type RESTORE to confirm'), 'RESTORE');
    await user.click(within(dialog).getByRole('button', { name: 'Restore Backup' }));
    const toast = await findToast('alert', BACKUP_MESSAGES.restoreFailed);
    expect(toast.textContent).toContain('not a gzip file');
    expect(sent).toEqual([{ fields: { key: 'uploads/x.jsonl.gz', signature: 'sig' }, file: 'not gzip' }]);
    expect(restores).toEqual([{ confirm: 'RESTORE' }]);
  });

  it('Restore Backup explains that current data is replaced and asks for RESTORE typed before it sends', async () => {
    const posted = backupsApi([backup]);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /^Restore the backup of/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('replaces the current business data');
    const confirm = within(dialog).getByRole('button', { name: 'Restore Backup' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type RESTORE to confirm'), 'restore');
    expect(confirm.disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('Type RESTORE to confirm'));
    await user.type(within(dialog).getByLabelText('Type RESTORE to confirm'), 'RESTORE');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(await findToast('status', BACKUP_MESSAGES.restoreStarted)).toBeTruthy();
    expect(posted).toEqual([{ path: '/backups/b1/restore', body: { confirm: 'RESTORE' } }]);
    expect(await screen.findByText('Restoring: 0 of 5,012 items written')).toBeTruthy();
  });
});

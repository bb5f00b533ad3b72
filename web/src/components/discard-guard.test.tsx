import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DiscardGuard } from './discard-guard';
import { FormDialog } from './form-dialog';
import { FormField, FormShell } from './form-fields';

/** A form in the kit's dialog whose open state lives in the URL (?post=new), saved after a tick. */
function DialogScreen() {
  const [params, setParams] = useSearchParams();
  const close = () => setParams({});
  return (
    <>
      <Link to="/admin/other">Elsewhere</Link>
      <Button onClick={() => setParams({ post: 'new' })}>Create Post</Button>
      <Button onClick={() => setParams({ post: params.get('post') ?? '', filter: 'draft' })}>Add a filter</Button>
      <FormDialog open={params.has('post')} onClose={close} titleId="post-title">
        <Formik initialValues={{ title: '' }} onSubmit={async () => { await new Promise((resolve) => setTimeout(resolve, 10)); close(); }}>
          <FormShell>
            <DialogTitle id="post-title">Create Post</DialogTitle>
            <DialogContent>
              <FormField name="title" label="Title" />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>Cancel</Button>
              <Button type="submit">Save</Button>
            </DialogActions>
          </FormShell>
        </Formik>
      </FormDialog>
    </>
  );
}

/** A page form (as Settings and the quotation builder are), with tabs in the URL. */
function PageScreen() {
  const [, setParams] = useSearchParams();
  const [saved, setSaved] = useState(0);
  const navigate = useNavigate();
  return (
    <>
      <Link to="/admin/other">Elsewhere</Link>
      <Button onClick={() => setParams({ tab: 'email' })}>Email tab</Button>
      <Button onClick={() => setParams({})}>Company tab</Button>
      <Formik key={saved} initialValues={{ company: 'Studio' }} onSubmit={async () => { setSaved((count) => count + 1); await navigate('/admin/other'); }}>
        <FormShell>
          <FormField name="company" label="Company Name" />
          <Button type="submit">Save Changes</Button>
        </FormShell>
      </Formik>
    </>
  );
}

function renderScreen(url: string) {
  const user = userEvent.setup({ delay: null });
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <DiscardGuardOutlet />,
        children: [
          { path: 'blog', element: <DialogScreen /> },
          { path: 'settings', element: <PageScreen /> },
          { path: 'other', element: <h1>Other screen</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <CacheProvider value={createCache({ key: 'test', container: document.createElement('div') })}>
      <RouterProvider router={router} />
    </CacheProvider>,
  );
  return { user, router };
}

/** The layout's outlet under the guard, as the portal's (admin-layout.tsx). */
function DiscardGuardOutlet() {
  return (
    <DiscardGuard>
      <Outlet />
    </DiscardGuard>
  );
}

const question = () => screen.queryByRole('dialog', { name: 'Discard changes?' });
const postDialog = () => screen.queryByRole('dialog', { name: 'Create Post' });

async function typeTitle(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create Post' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
  await user.type(within(dialog).getByLabelText('Title'), 'Monsoon care');
  return dialog;
}

/** MUI closes a dialog on a click on its backdrop: the container around the paper. */
async function clickBackdrop(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const container = dialog.closest('.MuiDialog-container');
  if (!(container instanceof HTMLElement)) throw new Error('no dialog container');
  await user.click(container);
}

describe("a dirty form asks 'Discard changes?' before its input is dropped (issue 25)", () => {
  it('on Escape: Cancel keeps the dialog and what was typed, Discard closes it', async () => {
    const { user, router } = renderScreen('/admin/blog');
    const dialog = await typeTitle(user);
    await user.keyboard('{Escape}');
    const asked = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Monsoon care');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    // Closed, and asked once: the dialog's move to the URL without ?post is no second question.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Post', hidden: true })).toBeNull());
    expect(question()).toBeNull();
  });

  it('after Discard, the form on its way out is never reachable again: the question covers it until it is gone', async () => {
    const { user } = renderScreen('/admin/blog');
    await typeTitle(user);
    await user.keyboard('{Escape}');
    const asked = await screen.findByRole('dialog', { name: 'Discard changes?' });
    // Each change of what is hidden from assistive technology (and so from a click by role): the
    // discarded form's Save must not come back while its dialog fades out (the e2e's 'Create Post'
    // then found the closing form's button, not the page's, and the dialog did not open again).
    // The question fading out on its own (its container's opacity to 0) while the form is still there
    // is the moment the form came back within reach, before it had faded out itself.
    let reachable = false;
    const questionContainer = asked.closest('.MuiDialog-container');
    const watch = new MutationObserver(() => {
      const closing = screen.queryByRole('dialog', { name: 'Create Post', hidden: true });
      if (closing && (screen.queryByRole('button', { name: 'Save' }) || (questionContainer instanceof HTMLElement && questionContainer.style.opacity === '0'))) reachable = true;
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ['aria-hidden', 'style'], subtree: true, childList: true });
    await user.click(within(asked).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Post', hidden: true })).toBeNull());
    watch.disconnect();
    expect(reachable).toBe(false);
    expect(question()).toBeNull();

    // Opened again: empty, and a clean form closes without a question.
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const again = await screen.findByRole('dialog', { name: 'Create Post' });
    expect(within(again).getByLabelText<HTMLInputElement>('Title').value).toBe('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(postDialog()).toBeNull());
    expect(question()).toBeNull();
  });

  it('on a click outside the dialog', async () => {
    const { user } = renderScreen('/admin/blog');
    const dialog = await typeTitle(user);
    await clickBackdrop(user, dialog);
    const asked = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Monsoon care');
  });

  it('asks nothing when nothing was typed, nor when the form is saved', async () => {
    const { user, router } = renderScreen('/admin/blog');
    await user.click(await screen.findByRole('button', { name: 'Create Post' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(postDialog()).toBeNull());

    const dialog = await typeTitle(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(postDialog()).toBeNull());
    expect(question()).toBeNull();
  });

  it("closes a dirty dialog without a question from its own Cancel (a move to the URL without it)", async () => {
    const { user, router } = renderScreen('/admin/blog');
    const dialog = await typeTitle(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Post', hidden: true })).toBeNull());
    expect(question()).toBeNull();
  });

  it("on a move in the app that closes a dialog's URL (Back), not on one that keeps it", async () => {
    const { user, router } = renderScreen('/admin/blog');
    await typeTitle(user);
    await user.click(screen.getByRole('button', { name: 'Add a filter', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?post=new&filter=draft'));
    expect(question()).toBeNull();

    // Back (a POP navigation) to before the filter: the dialog stays, nothing to ask.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?post=new'));
    expect(question()).toBeNull();
    // Back again, to the list without the dialog.
    await router.navigate(-1);
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
    expect(router.state.location.search).toBe('?post=new');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('on leaving a page form (Settings) for another screen; its tabs are no leaving', async () => {
    const { user, router } = renderScreen('/admin/settings');
    await user.type(await screen.findByLabelText('Company Name'), ' Nine');
    await user.click(screen.getByRole('button', { name: 'Email tab' }));
    await user.click(screen.getByRole('button', { name: 'Company tab' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(question()).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const asked = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(screen.getByLabelText<HTMLInputElement>('Company Name').value).toBe('Studio Nine');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Other screen' })).toBeTruthy();
  });

  it('lets a saved page form move on without asking', async () => {
    const { user } = renderScreen('/admin/settings');
    await user.type(await screen.findByLabelText('Company Name'), ' Nine');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Other screen' })).toBeTruthy();
    expect(question()).toBeNull();
  });

  it('on closing the tab (beforeunload) while a form is dirty, and only then', async () => {
    const { user } = renderScreen('/admin/settings');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByLabelText('Company Name');
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Company Name'), ' Nine');
    await waitFor(() => expect(unload()).toBe(true));
  });
});

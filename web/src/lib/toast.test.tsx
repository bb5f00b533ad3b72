import Button from '@mui/material/Button';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render';
import { useToast } from './toast';

function ToastProbe() {
  const { toast } = useToast();
  return (
    <Button
      onClick={() => {
        toast({ title: 'First', description: 'One' });
        toast({ title: 'Second', description: 'Two', variant: 'destructive' });
      }}
    >
      Notify twice
    </Button>
  );
}

describe('toasts', () => {
  it('shows one toast at a time: a newer toast replaces the one showing', async () => {
    const { user } = renderRoute('/', { routes: [{ path: '/', Component: ToastProbe }] });

    await user.click(await screen.findByRole('button', { name: 'Notify twice' }));

    // The newest message shows at once; the older one does not stay over it.
    const second = await screen.findByRole('alert');
    expect(second.textContent).toContain('Second');
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Second')).toBeNull());
    // Nothing older comes back once the newest is dismissed.
    expect(screen.queryByText('First')).toBeNull();
  });
});

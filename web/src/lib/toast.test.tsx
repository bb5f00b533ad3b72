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
  it('shows one toast at a time and the next once the first is dismissed', async () => {
    const { user } = renderRoute('/', { routes: [{ path: '/', Component: ToastProbe }] });

    await user.click(await screen.findByRole('button', { name: 'Notify twice' }));

    const first = await screen.findByRole('status');
    expect(first.textContent).toContain('First');
    expect(screen.queryByText('Second')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close' }));

    const second = await screen.findByRole('alert');
    expect(second.textContent).toContain('Second');
    await waitFor(() => expect(screen.queryByText('First')).toBeNull());
  });
});

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PiiField } from '@app/shared-types/employees';
import { useEffect, useState } from 'react';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { revealEmployeePii } from '../api/reveal-employee-pii';
import { PII_LABELS } from '../model';

/** How long a revealed value stays on screen (issue 14). */
export const REVEAL_SECONDS = 30;

interface RevealablePiiProps {
  employeeId: string;
  field: PiiField;
  /** The masked value the server sent ('' when none is stored). */
  masked: string;
  /** Admins and superadmins who may manage this person. */
  canReveal: boolean;
}

/**
 * A personal-data value, masked. 'Reveal' asks the server (audited) only when
 * clicked, shows the clear value for REVEAL_SECONDS with a countdown, then
 * forgets it: it lives in this component's state alone, never in a cache.
 */
export function RevealablePii({ employeeId, field, masked, canReveal }: RevealablePiiProps) {
  const { toast } = useToast();
  const [shown, setShown] = useState<{ value: string; secondsLeft: number } | null>(null);
  const [pending, setPending] = useState(false);
  const label = PII_LABELS[field];

  useEffect(() => {
    if (!shown) return;
    const timer = setInterval(() => setShown((now) => (now && now.secondsLeft > 1 ? { ...now, secondsLeft: now.secondsLeft - 1 } : null)), 1000);
    return () => clearInterval(timer);
    // One timer per reveal, not one per tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown === null]);

  const reveal = async () => {
    setPending(true);
    try {
      const value = await revealEmployeePii(employeeId, field);
      setShown({ value, secondsLeft: REVEAL_SECONDS });
    } catch (error) {
      toast({ variant: 'destructive', title: `Could not reveal the ${label}`, description: serverMessage(error) });
    } finally {
      setPending(false);
    }
  };

  if (!masked) return <Typography variant="body2">—</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', fontSize: '0.95rem' }} aria-live="polite">
        {shown ? shown.value : masked}
      </Typography>
      {shown ? (
        <>
          <Typography variant="caption" color="warning.dark" role="timer" aria-label={`${label} hides in ${shown.secondsLeft} seconds`}>
            Hides in {shown.secondsLeft} s
          </Typography>
          <Button size="small" onClick={() => setShown(null)} aria-label={`Hide ${label}`}>
            Hide
          </Button>
        </>
      ) : (
        canReveal && (
          <Button size="small" variant="outlined" onClick={() => void reveal()} disabled={pending} aria-label={`Reveal ${label}`}>
            {pending ? 'Revealing...' : 'Reveal'}
          </Button>
        )
      )}
    </Stack>
  );
}

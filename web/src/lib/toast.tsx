import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ShownToast extends ToastOptions {
  id: number;
}

/** SPEC.md section 9: one toast visible, 5000 ms, swipe right past 50 px dismisses, F8 focuses it. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

type ToastFn = (options: ToastOptions) => void;

/** The Snackbar and Alert (toast-view.tsx) load with the first toast, not with the page. */
const ToastView = lazy(async () => ({ default: (await import('./toast-view')).ToastView }));

const ToastContext = createContext<ToastFn | null>(null);

/**
 * The app's one toast system. One toast shows at a time and the newest wins: a new toast
 * replaces the one showing (a 'Login failed' never stays over the 'Login successful' that
 * followed it).
 *
 * Where: at the top on phones (the bottom of a phone screen holds the primary actions: a
 * dialog's buttons, the calculator's estimate, the WhatsApp button), bottom left on larger
 * screens (dialog buttons, the lead drawer and the WhatsApp button are on the right).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [closingId, setClosingId] = useState<number | null>(null);
  const nextId = useRef(1);
  const alertRef = useRef<HTMLDivElement>(null);
  const [swipe, setSwipe] = useState<{ startX: number; dx: number } | null>(null);

  const toast = useCallback<ToastFn>((options) => {
    const id = nextId.current++;
    setSwipe(null);
    setCurrent({ ...options, id });
  }, []);

  const open = current !== null && closingId !== current.id;

  const close = useCallback(() => {
    if (current) setClosingId(current.id);
  }, [current]);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page is not a request to dismiss the message.
    if (reason === 'clickaway') return;
    close();
  };

  const handleExited = (id: number) => {
    setSwipe(null);
    setCurrent((shown) => (shown?.id === id ? null : shown));
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        alertRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => setSwipe({ startX: event.clientX, dx: 0 });
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe) setSwipe({ startX: swipe.startX, dx: Math.max(0, event.clientX - swipe.startX) });
  };
  const onPointerEnd = () => {
    if (swipe && swipe.dx > SWIPE_THRESHOLD_PX) close();
    else setSwipe(null);
  };

  return (
    <ToastContext.Provider value={toast}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView
            key={current.id}
            toast={current}
            open={open}
            swipe={swipe}
            alertRef={alertRef}
            onClose={handleClose}
            onExited={() => handleExited(current.id)}
            close={close}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerEnd={onPointerEnd}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

/** `toast({ title, description, variant })` from anywhere under ToastProvider. */
export function useToast(): { toast: ToastFn } {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return useMemo(() => ({ toast }), [toast]);
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from '../lib/theme';
import { ToastProvider } from '../lib/toast';

/**
 * Everything every screen needs: theme, server-state cache and toasts. The
 * theme has no CSS variables (theme.ts), and for such a theme Material's
 * ThemeProvider renders MUI System's; using that one directly keeps the CSS
 * variables provider (which Material's also imports) out of every page's script.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

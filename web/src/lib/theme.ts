import { createTheme } from '@mui/material/styles';
// The date pickers' theme keys (types only: the website loads no picker code).
import type {} from '@mui/x-date-pickers/themeAugmentation';

/** System font stacks only: no web fonts to download, nothing blocks the first paint. */
const sansStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif';
/** A serif for display headings gives the studio voice; every platform ships one of these. */
const serifStack = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif';

const headings = { fontFamily: serifStack, fontWeight: 600, letterSpacing: '-0.01em' } as const;

/** Warm neutrals, a deep teal primary and a terracotta accent. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1F4E4A', light: '#3A716B', dark: '#133532', contrastText: '#FFFFFF' },
    secondary: { main: '#A9552F', light: '#C8784F', dark: '#8A4224', contrastText: '#FFFFFF' },
    background: { default: '#F7F3EE', paper: '#FFFFFF' },
    text: { primary: '#1E1B18', secondary: '#5B534B' },
    divider: 'rgba(60, 44, 30, 0.12)',
    success: { main: '#2E7D4F' },
    warning: { main: '#E0A526', contrastText: '#2A1E05' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: sansStack,
    h1: { ...headings, fontSize: 'clamp(2.25rem, 5vw + 1rem, 4rem)', lineHeight: 1.1 },
    h2: { ...headings, fontSize: 'clamp(1.75rem, 2.5vw + 1rem, 2.75rem)', lineHeight: 1.15 },
    h3: { ...headings, fontSize: '1.5rem', lineHeight: 1.25 },
    h4: { ...headings, fontSize: '1.3rem', lineHeight: 1.3 },
    h5: { fontWeight: 600, fontSize: '1.1rem' },
    h6: { fontWeight: 600, fontSize: '1rem' },
    subtitle1: { fontSize: '1.125rem', lineHeight: 1.6 },
    body1: { lineHeight: 1.7 },
    body2: { lineHeight: 1.6 },
    overline: { fontWeight: 700, letterSpacing: '0.16em' },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.01em' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: 22 },
        sizeLarge: { paddingBlock: 12, paddingInline: 28, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 16,
          border: '1px solid rgba(60, 44, 30, 0.10)',
          boxShadow: '0 1px 2px rgba(40, 30, 20, 0.04), 0 8px 24px rgba(40, 30, 20, 0.06)',
        },
      },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: { styleOverrides: { root: { backgroundColor: '#FFFFFF', borderRadius: 10 } } },
    // The date picker's field (components/date-field.tsx) looks like the other inputs.
    MuiPickersOutlinedInput: { styleOverrides: { root: { backgroundColor: '#FFFFFF', borderRadius: 10 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiCssBaseline: {
      styleOverrides: {
        img: { maxWidth: '100%' },
        '::selection': { backgroundColor: '#D9C2A6' },
      },
    },
  },
});

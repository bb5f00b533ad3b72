import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { exportHref, type TransactionFilters } from '../model';

/**
 * The three CSV exports (SPEC.md 9), built by the server for the whole
 * filtered set and named by it (Content-Disposition): plain links, so the
 * browser downloads them with the session cookie.
 */
export function ExportButtons({ filters }: { filters: TransactionFilters }) {
  const links = [
    { label: 'Export transactions', href: exportHref('transactions', filters) },
    { label: 'Export projects', href: exportHref('projects') },
    { label: 'Export vendors', href: exportHref('vendors') },
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {links.map((link) => (
        <Button key={link.label} component="a" href={link.href} download variant="outlined" startIcon={<DownloadIcon />}>
          {link.label}
        </Button>
      ))}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../../components/layouts/brand';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';

/** The firm's logo and name (Settings > Company) with an 'Admin Portal' line. */
export function AdminBrand() {
  const { data: site } = useSiteInfo();
  const name = site?.companyName;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <BrandMark name={name} logo={site?.companyLogo} />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="p"
          noWrap
          sx={{ fontFamily: (theme) => theme.typography.h1.fontFamily, fontWeight: 600, fontSize: '1.05rem', lineHeight: 1.2 }}
        >
          {name ?? '\u00a0'}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          Admin Portal
        </Typography>
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';

/** The firm's logo and name (Settings > Company) with an 'Admin Portal' line. */
export function AdminBrand() {
  const { data: site } = useSiteInfo();
  const [logoFailed, setLogoFailed] = useState(false);
  const name = site?.companyName;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      {site?.companyLogo && !logoFailed ? (
        <Box
          component="img"
          src={site.companyLogo}
          alt=""
          width={36}
          height={36}
          onError={() => setLogoFailed(true)}
          sx={{ width: 36, height: 36, flexShrink: 0, borderRadius: 1 }}
        />
      ) : (
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            flexShrink: 0,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'common.white',
            fontFamily: (theme) => theme.typography.h1.fontFamily,
            fontWeight: 700,
            fontSize: 20,
          }}
        >
          {name?.charAt(0) ?? ''}
        </Box>
      )}
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

import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { SocialLinks as Links } from '@app/shared-types/site';

const NETWORKS = [
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'youtube', label: 'YouTube', Icon: YouTubeIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
] as const;

/** Icon links to the firm's social profiles; networks without a URL are left out. */
export function SocialLinks({ links, inverted = false }: { links: Links; inverted?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {NETWORKS.filter(({ key }) => links[key] !== '').map(({ key, label, Icon }) => (
        <IconButton
          key={key}
          component="a"
          href={links[key]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={label}
          sx={{
            border: 1,
            borderColor: inverted ? 'rgba(255,255,255,0.3)' : 'divider',
            color: inverted ? 'common.white' : 'primary.main',
            '&:hover': { bgcolor: inverted ? 'rgba(255,255,255,0.1)' : 'rgba(31, 78, 74, 0.08)' },
          }}
        >
          <Icon fontSize="small" />
        </IconButton>
      ))}
    </Box>
  );
}

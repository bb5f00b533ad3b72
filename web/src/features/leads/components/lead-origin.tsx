import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Lead } from '@app/shared-types/leads';
import { leadOrigin } from '../model';

/**
 * Attribution (issue 26): where the lead came from, in the lead drawer: the
 * campaign it counts under on Leads CRM > Campaigns, then the visit's last
 * touch and its first (only what is known).
 */
export function LeadOrigin({ lead }: { lead: Lead }) {
  const origin = leadOrigin(lead);
  if (origin.length === 0) return null;
  return (
    <Grid size={12} component="section" aria-label="Where the lead came from">
      <Typography variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
        Where the lead came from
      </Typography>
      <Grid container spacing={1} component="dl" sx={{ m: 0 }}>
        {origin.map(({ label, value }) => (
          <Grid key={label} size={{ xs: 12, sm: 6 }}>
            <Typography variant="caption" color="text.secondary" component="dt">
              {label}
            </Typography>
            <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Grid>
        ))}
      </Grid>
    </Grid>
  );
}

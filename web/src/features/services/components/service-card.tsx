import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router';
import type { ServiceDetail } from '../model';
import { Img } from '../../../components/img';

/** A service card: image, title, blurb and 'Learn more'. */
export function ServiceCard({ service }: { service: ServiceDetail }) {
  const titleId = `service-${service.slug}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Img
        src={service.image}
        alt=""
        loading="lazy"
        width={800}
        height={600}
        sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover', bgcolor: '#E9E1D6' }}
      />
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Typography variant="h3" component="h2" id={titleId} sx={{ mb: 1 }}>
          {service.title}
        </Typography>
        <Typography color="text.secondary">
          {service.blurb}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3, pt: 0 }}>
        <Button
          component={RouterLink}
          to={`/services/${service.slug}`}
          endIcon={<ArrowForwardIcon />}
          aria-describedby={titleId}
          sx={{ ml: -1.5 }}
        >
          Learn more
        </Button>
      </CardActions>
    </Card>
  );
}

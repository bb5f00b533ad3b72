import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { customerName, type Customer } from '@app/shared-types/customers';
import { Link as RouterLink } from 'react-router';
import { CardGrid, InfoLine, PhoneLink, RecordActions } from '../../../components/record-card';
import { projectCountLabel } from '../model';

interface CustomerCardProps {
  customer: Customer;
  onEdit: (customer: Customer) => void;
  /** Absent when the signed-in role may not delete customers. */
  onDelete?: (customer: Customer) => void;
  /** Shows the customer's projects (the projects tab, searched by the customer's name). */
  onShowProjects: (customer: Customer) => void;
  /** A new quotation for the customer (their details prefilled), when the page offers one. */
  quoteHref?: (customer: Customer) => string;
}

/** One customer: how to reach them, where they are, their projects, and edit/delete. */
export function CustomerCard({ customer, onEdit, onDelete, onShowProjects, quoteHref }: CustomerCardProps) {
  const titleId = `customer-${customer.id}-name`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1, p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {customerName(customer)}
          </Typography>
          {customer.leadId && <Chip size="small" color="info" variant="outlined" label="From lead" />}
        </Stack>
        <Stack spacing={0.75}>
          <InfoLine icon={<PhoneOutlinedIcon fontSize="small" titleAccess="Phone" />}>
            <PhoneLink phone={customer.phone} />
          </InfoLine>
          {customer.email && (
            <InfoLine icon={<EmailOutlinedIcon fontSize="small" titleAccess="Email" />}>
              <Link href={`mailto:${customer.email}`}>{customer.email}</Link>
            </InfoLine>
          )}
          {customer.city && <InfoLine icon={<PlaceOutlinedIcon fontSize="small" titleAccess="City" />}>{customer.city}</InfoLine>}
          <InfoLine icon={<FolderOutlinedIcon fontSize="small" titleAccess="Projects" />}>
            {customer.projectCount > 0 ? (
              <Link component="button" type="button" onClick={() => onShowProjects(customer)} sx={{ verticalAlign: 'baseline' }}>
                {projectCountLabel(customer.projectCount)}
              </Link>
            ) : (
              <Typography variant="body2" component="span" color="text.secondary">
                No projects yet
              </Typography>
            )}
          </InfoLine>
        </Stack>
        {quoteHref && (
          <Button size="small" startIcon={<RequestQuoteIcon />} component={RouterLink} to={quoteHref(customer)} aria-describedby={titleId} sx={{ mt: 1.5, ml: -0.5 }}>
            Create quote
          </Button>
        )}
      </CardContent>
      <RecordActions record={customer} titleId={titleId} onEdit={onEdit} onDelete={onDelete} />
    </Card>
  );
}

interface CustomerGridProps {
  customers: readonly Customer[];
  onEdit: (customer: Customer) => void;
  onDelete?: (customer: Customer) => void;
  onShowProjects: (customer: Customer) => void;
  quoteHref?: (customer: Customer) => string;
}

/** The customer cards. */
export function CustomerGrid({ customers, onEdit, onDelete, onShowProjects, quoteHref }: CustomerGridProps) {
  return (
    <CardGrid label="Customers">
      {customers.map((customer) => (
        <CustomerCard key={customer.id} customer={customer} onEdit={onEdit} onDelete={onDelete} onShowProjects={onShowProjects} quoteHref={quoteHref} />
      ))}
    </CardGrid>
  );
}

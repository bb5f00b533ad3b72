import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  INTEGRATION_LABELS,
  INTEGRATION_SECRET_LABELS,
  INTEGRATION_SECRETS,
  REGENERATE_TOKEN_MESSAGE,
  type IntegrationAnswer,
  type IntegrationSecret,
} from '@app/shared-types/integrations';
import { formatDateTime } from '@app/shared-types/format';
import { useState, type ReactNode } from 'react';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { serverMessage } from '../../../lib/api-errors';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useIntegrations, useRegenerateToken, useSaveIntegration, useSendTestEvent } from '../api/integrations';

/** A value to paste into the platform, with a copy button (and what else goes beside it). */
function CopyField({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: `${label} copied` });
    } catch {
      toast({ variant: 'destructive', title: `Could not copy the ${label.toLowerCase()}`, description: 'Select it and copy it by hand.' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField label={label} value={value} size="small" fullWidth slotProps={{ input: { readOnly: true } }} />
      <Tooltip title={`Copy ${label.toLowerCase()}`}>
        <span>
          <IconButton aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()} disabled={!value}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {children}
    </Stack>
  );
}

const ID_FIELDS: Record<IntegrationAnswer['platform'], { name: 'accountId' | 'pageId' | 'adAccountId' | 'phoneNumberId'; label: string }[]> = {
  meta: [
    { name: 'pageId', label: 'Page id' },
    { name: 'adAccountId', label: 'Ad account id' },
  ],
  google: [{ name: 'accountId', label: 'Google Ads customer id' }],
  whatsapp: [
    { name: 'accountId', label: 'WhatsApp Business account id' },
    { name: 'phoneNumberId', label: 'Phone number id' },
  ],
};

/** One platform's card: on/off, the webhook URL and verify token to paste, its ids and secrets, health, and 'Send test event'. */
function IntegrationCard({ integration }: { integration: IntegrationAnswer }) {
  const { platform } = integration;
  const { toast } = useToast();
  const save = useSaveIntegration();
  const test = useSendTestEvent();
  const [ids, setIds] = useState({ accountId: integration.accountId, pageId: integration.pageId, adAccountId: integration.adAccountId, phoneNumberId: integration.phoneNumberId });
  const [secrets, setSecrets] = useState<Partial<Record<IntegrationSecret, string>>>({});
  const [configuration, setConfiguration] = useState(integration.configuration);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const regenerate = useRegenerateToken();
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const { health } = integration;

  const submit = async (isActive: boolean) => {
    setFieldErrors({});
    try {
      await save.mutateAsync({ platform, update: { isActive, ...ids, ...secrets, ...(platform === 'whatsapp' ? { configuration } : {}), clear: [] } });
      setSecrets({});
      toast({ title: `${INTEGRATION_LABELS[platform]} saved` });
    } catch (error) {
      setFieldErrors(serverFieldErrors(error) ?? {});
      toast({ variant: 'destructive', title: 'Integration not saved', description: serverMessage(error) });
    }
  };
  const regenerateToken = async () => {
    try {
      await regenerate.mutateAsync(platform);
      toast({ title: REGENERATE_TOKEN_MESSAGE });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Verify token not regenerated', description: serverMessage(error) });
    } finally {
      setConfirmRegenerate(false);
    }
  };
  const sendTest = async () => {
    try {
      const answer = await test.mutateAsync(platform);
      toast({ variant: answer.status === 200 ? 'default' : 'destructive', title: answer.message });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Test event not sent', description: serverMessage(error) });
    }
  };

  return (
    <Card variant="outlined" data-testid={`integration-${platform}`}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {INTEGRATION_LABELS[platform]}
            </Typography>
            <FormControlLabel
              control={<Switch checked={integration.isActive} onChange={(event) => void submit(event.target.checked)} disabled={save.isPending} />}
              label={integration.isActive ? 'On' : 'Off'}
            />
          </Stack>
          <CopyField label="Webhook URL" value={`${window.location.origin}${integration.webhookPath}`} />
          {platform !== 'google' && (
            <CopyField label="Verify token" value={integration.verifyToken || 'Generated at the first save'}>
              <Button onClick={() => setConfirmRegenerate(true)} disabled={!integration.verifyToken || regenerate.isPending}>
                Regenerate
              </Button>
            </CopyField>
          )}
          <Grid container spacing={2}>
            {ID_FIELDS[platform].map((field) => (
              <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={field.label}
                  size="small"
                  fullWidth
                  value={ids[field.name]}
                  onChange={(event) => setIds((current) => ({ ...current, [field.name]: event.target.value }))}
                />
              </Grid>
            ))}
            {INTEGRATION_SECRETS[platform].map((secret) => (
              <Grid key={secret} size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={INTEGRATION_SECRET_LABELS[secret]}
                  type="password"
                  size="small"
                  fullWidth
                  autoComplete="new-password"
                  value={secrets[secret] ?? ''}
                  onChange={(event) => setSecrets((current) => ({ ...current, [secret]: event.target.value }))}
                  helperText={integration.secretsSet[secret] ? 'Set: leave blank to keep it' : 'Not set'}
                />
              </Grid>
            ))}
            {platform === 'whatsapp' && (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label="Template name"
                    size="small"
                    fullWidth
                    value={configuration.templateName}
                    onChange={(event) => setConfiguration((current) => ({ ...current, templateName: event.target.value }))}
                    error={Boolean(fieldErrors['configuration.templateName'])}
                    helperText={fieldErrors['configuration.templateName'] ?? 'The approved template a new lead who agreed is sent (blank: none)'}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label="Template language"
                    size="small"
                    fullWidth
                    value={configuration.templateLanguage}
                    onChange={(event) => setConfiguration((current) => ({ ...current, templateLanguage: event.target.value }))}
                    error={Boolean(fieldErrors['configuration.templateLanguage'])}
                    helperText={fieldErrors['configuration.templateLanguage'] ?? 'e.g. en, en_US, te, hi'}
                  />
                </Grid>
              </>
            )}
          </Grid>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Health
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Chip size="small" label={`Last event: ${health.lastEventAt ? formatDateTime(health.lastEventAt) : 'none yet'}`} />
              <Chip size="small" color="success" variant="outlined" label={`Accepted: ${health.accepted}`} />
              <Chip size="small" variant="outlined" label={`Ignored: ${health.ignored}`} />
              <Chip size="small" color={health.failed > 0 ? 'error' : 'default'} variant="outlined" label={`Failed: ${health.failed}`} />
            </Stack>
            {health.lastError && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                Last error{health.lastErrorAt ? ` (${formatDateTime(health.lastErrorAt)})` : ''}: {health.lastError}
              </Alert>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void sendTest()} disabled={test.isPending}>
              {test.isPending ? 'Sending...' : 'Send test event'}
            </Button>
            <Button variant="contained" onClick={() => void submit(integration.isActive)} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <ConfirmActionDialog
        open={confirmRegenerate}
        title="Regenerate the verify token?"
        message={`The current verify token stops working at once. Paste the new one into the ${platform === 'whatsapp' ? 'WhatsApp' : 'Meta'} app's webhook settings, or the platform's subscription check will be refused.`}
        confirmLabel="Regenerate"
        pending={regenerate.isPending}
        onCancel={() => setConfirmRegenerate(false)}
        onConfirm={() => void regenerateToken()}
      />
    </Card>
  );
}

/** Settings > Integrations: Meta lead ads, Google Ads lead forms and WhatsApp Business, one card each. */
export function IntegrationsPanel() {
  const query = useIntegrations();
  if (query.error) return <ErrorState message={`Could not load the integrations. ${serverMessage(query.error)}`} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState label="Loading integrations..." />;
  return (
    <Stack spacing={2}>
      {query.data.map((integration) => (
        <IntegrationCard key={`${integration.platform}-${integration.version}`} integration={integration} />
      ))}
    </Stack>
  );
}

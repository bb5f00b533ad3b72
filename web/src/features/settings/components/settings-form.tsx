import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SETTINGS_MESSAGES, settingsUpdateSchema, type SettingsAnswer } from '@app/shared-types/settings';
import { Formik, getIn, useField, useFormikContext, type FormikErrors, type FormikHelpers } from 'formik';
import { FormSection } from '../../../components/entity-form-dialog';
import { changedFields, useStaleSave } from '../../../components/stale-save';
import { FormField, FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { serverMessage } from '../../../lib/api-errors';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { staleSettings } from '../api/settings';
import { LogoField } from './logo-field';
import { SpeedToLeadFields } from './speed-to-lead-fields';
import {
  flatSettings,
  PRICING_BANDS,
  PRICING_FIELDS,
  SETTINGS_FIELDS,
  SETTINGS_LABELS,
  SETTINGS_PAGE_TAB_LABELS,
  SETTINGS_PAGE_TABS,
  SMS_UNAVAILABLE,
  tabOfPath,
  toSettingsValues,
  type SettingsField,
  type SettingsPageTab,
  type SettingsValues,
} from '../model';

interface SettingsFormProps {
  /** The settings as loaded (or as the last save answered): the form starts from them. */
  settings: SettingsAnswer;
  tab: SettingsPageTab;
  onTabChange: (tab: SettingsPageTab) => void;
  /** Calls PUT /api/settings; rejects with its ApiError. */
  save: (values: SettingsValues) => Promise<SettingsAnswer>;
  /** The settings as saved now (after a save, or Reload after a stale one): the form starts again from them. */
  onLoaded: (settings: SettingsAnswer) => void;
}

/** The first field path (dotted) that has a message in Formik's nested errors. */
function firstErrorPath(errors: unknown, prefix = ''): string | undefined {
  if (typeof errors === 'string') return prefix;
  if (typeof errors !== 'object' || errors === null) return undefined;
  for (const [key, value] of Object.entries(errors)) {
    const found = firstErrorPath(value, prefix ? `${prefix}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * System Settings: one Formik form over the whole object, validated with the
 * shared schema, one tab per group. 'Save Changes' shows once something changed
 * and saves everything with the version; a stale save explains what differs.
 */
export function SettingsForm({ settings, tab, onTabChange, save, onLoaded }: SettingsFormProps) {
  const { toast } = useToast();
  const stale = useStaleSave<SettingsAnswer>();

  const submit = async (values: SettingsValues, helpers: FormikHelpers<SettingsValues>) => {
    helpers.setStatus(undefined);
    try {
      const saved = await save(values);
      toast({ title: SETTINGS_MESSAGES.updated });
      onLoaded(saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        helpers.setStatus(serverErrorsStatus(fields));
        const first = Object.keys(fields).map(tabOfPath).find((found) => found !== undefined);
        if (first) onTabChange(first);
      }
      stale.caught(error, staleSettings(error), (current) => changedFields(flatSettings(current), flatSettings(values), SETTINGS_LABELS));
      toast({ variant: 'destructive', title: SETTINGS_MESSAGES.failed, description: serverMessage(error) });
    }
  };

  return (
    <Formik<SettingsValues> initialValues={toSettingsValues(settings)} validationSchema={settingsUpdateSchema} onSubmit={submit}>
      {(form) => (
        <FormShell>
          <Stack spacing={2}>
            {stale.notice('settings', (current) => current && onLoaded(current))}
            <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
              <Tabs
                value={tab}
                onChange={(_event, value: SettingsPageTab) => onTabChange(value)}
                variant="scrollable"
                scrollButtons="auto"
                allowScrollButtonsMobile
                aria-label="Settings"
              >
                {SETTINGS_PAGE_TABS.map((value) => (
                  <Tab key={value} value={value} label={SETTINGS_PAGE_TAB_LABELS[value]} id={`settings-tab-${value}`} aria-controls="settings-tab-panel" />
                ))}
              </Tabs>
            </Box>
            {tab !== 'integrations' && (
            <Card variant="outlined" role="tabpanel" id="settings-tab-panel" aria-labelledby={`settings-tab-${tab}`}>
              <CardContent>
                <Grid container spacing={2}>
                  {SETTINGS_FIELDS[tab].map((field) => (
                    <SettingsFieldInput key={field.name} field={field} />
                  ))}
                  {tab === 'email' && <SmtpPasswordFields passwordSet={settings.email.smtpPasswordSet} />}
                  {tab === 'business' && <PricingFields />}
                  {tab === 'business' && <SpeedToLeadFields />}
                </Grid>
              </CardContent>
            </Card>
            )}
            {form.dirty && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
                <Button onClick={() => form.resetForm()} disabled={form.isSubmitting}>
                  Discard
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={form.isSubmitting || stale.isStale}
                  onClick={() => {
                    // A field the schema refuses may be on another tab: show that tab.
                    void form.validateForm().then((errors: FormikErrors<SettingsValues>) => {
                      const path = firstErrorPath(errors);
                      const found = path === undefined ? undefined : tabOfPath(path);
                      if (found && found !== tab) onTabChange(found);
                    });
                  }}
                >
                  {form.isSubmitting ? 'Saving...' : 'Save Changes'}
                </Button>
              </Box>
            )}
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}

function SettingsFieldInput({ field }: { field: SettingsField }) {
  const size = field.wide ? 12 : undefined;
  if (field.kind === 'logo') return <LogoField name={field.name} label={field.label} />;
  if (field.kind === 'switch') {
    const sms = field.name === 'notifications.smsNotifications';
    return (
      <Grid size={12}>
        <SwitchField name={field.name} label={field.label} helperText={sms ? SMS_UNAVAILABLE : field.helperText} disabled={sms} />
      </Grid>
    );
  }
  if (field.kind === 'select') return <FormField kind="select" name={field.name} label={field.label} options={field.options ?? []} helperText={field.helperText} size={size} fullWidth />;
  return <FormField kind={field.kind} name={field.name} label={field.label} helperText={field.helperText} size={size} fullWidth />;
}

/** A switch bound to a Formik boolean, with an optional line under it. */
function SwitchField({ name, label, helperText, disabled }: { name: string; label: string; helperText?: string; disabled?: boolean }) {
  const [field, , helpers] = useField<boolean>(name);
  const helperId = helperText ? `${name}-help` : undefined;
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            name={name}
            checked={field.value === true}
            disabled={disabled}
            onChange={(_event, checked) => void helpers.setValue(checked)}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
        label={label}
      />
      {helperText && (
        <FormHelperText id={helperId} sx={{ mt: 0, ml: 6 }}>
          {helperText}
        </FormHelperText>
      )}
    </>
  );
}

/** The stored SMTP password is never shown: whether one is set, a field to replace it (blank keeps it), and removal. */
function SmtpPasswordFields({ passwordSet }: { passwordSet: boolean }) {
  const { values } = useFormikContext<SettingsValues>();
  return (
    <>
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          SMTP password: {passwordSet ? 'set' : 'not set'}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          name="email.smtpPassword"
          label={passwordSet ? 'New SMTP password' : 'SMTP password'}
          type="password"
          autoComplete="new-password"
          helperText={passwordSet ? 'Leave blank to keep the stored password' : undefined}
          disabled={values.smtpPasswordClear}
          fullWidth
        />
      </Grid>
      {passwordSet && (
        <Grid size={12}>
          <SwitchField name="smtpPasswordClear" label="Remove the stored password" />
        </Grid>
      )}
    </>
  );
}

/** The calculator's rates (Settings > Business holds the pricing model the public calculator reads). */
function PricingFields() {
  const { errors, touched } = useFormikContext<SettingsValues>();
  const bandErrors = PRICING_BANDS.map((band) => getIn(errors, band) as unknown).filter(
    (message, index): message is string => typeof message === 'string' && Boolean(getIn(touched, PRICING_BANDS[index]!)),
  );
  return (
    <FormSection title="Calculator pricing">
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          Estimate = carpet area × material rate × property factor × room factor; the design fee is a share of the midpoint.
        </Typography>
      </Grid>
      {PRICING_FIELDS.map((field) => (
        <FormField key={field.name} kind={field.kind === 'number' ? 'number' : 'money'} name={field.name} label={field.label} helperText={field.helperText} size={{ xs: 12, sm: 6, md: 4 }} fullWidth />
      ))}
      {bandErrors.length > 0 && (
        <Grid size={12}>
          <Alert severity="error">{bandErrors.join('. ')}</Alert>
        </Grid>
      )}
    </FormSection>
  );
}

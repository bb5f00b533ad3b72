import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MATERIAL_LABELS, MATERIALS, PROPERTY_TYPE_LABELS, PROPERTY_TYPES, ROOM_SCOPE_LABELS, ROOM_SCOPES, type Material, type PropertyType, type RoomScope } from '@app/shared-types/constants';
import { formatINR } from '@app/shared-types/format';
import { PACKAGE_RULE_MESSAGES, packageRuleId, type PackageLine, type PackageRule } from '@app/shared-types/package-rules';
import type { RateLibrary } from '@app/shared-types/rate-library';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { SelectField } from '../../../components/select-field';
import { ApiError } from '../../../lib/api-client';
import { isConflict, serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { usePackageRules, useSavePackageRule } from '../api/package-rules';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** A line's choices from the library, with its own value kept (shown as not in the library) when the library no longer offers it. */
function withCurrent(names: string[], current: string) {
  const choices = names.map((name) => ({ value: name, label: name }));
  return current && !names.includes(current) ? [...choices, { value: current, label: `${current} (not in the library)` }] : choices;
}

/**
 * Package rules (issue 26): for each property type, material band and rooms
 * choice of the calculator, the rate-library items (and quantities per sq ft
 * of carpet area) a calculator lead's draft quotation is made of. A rule whose
 * total falls outside the calculator's range is flagged out of step.
 */
export function PackageRulesPanel({ library, canEdit }: { library: RateLibrary; canEdit: boolean }) {
  const query = usePackageRules();
  const [type, setType] = useState<PropertyType>('3bhk');
  const [material, setMaterial] = useState<Material>('premium');
  const [rooms, setRooms] = useState<RoomScope>('all');
  if (query.isPending) return <LoadingState label="Loading the package rules..." />;
  if (query.isError) return <ErrorState message={`Could not load the package rules. ${serverMessage(query.error)}`} />;
  const rules = query.data.items;
  const outOfStep = rules.filter((rule) => rule.outOfStep !== null);
  const rule = rules.find((candidate) => candidate.id === packageRuleId(type, material, rooms));
  const pick = (next: PackageRule) => {
    setType(next.type);
    setMaterial(next.material);
    setRooms(next.rooms);
  };
  return (
    <section aria-label="Package rules">
      <Typography variant="subtitle1" component="h3">
        Package rules
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        What the draft quotation of a calculator lead is made of: rate-library items and their quantity per sq ft of carpet area, for each property type,
        material band and rooms choice.
      </Typography>
      {outOfStep.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {outOfStep.length} {outOfStep.length === 1 ? 'rule is' : 'rules are'} out of step with the calculator:{' '}
          <Stack component="span" direction="row" spacing={0.5} useFlexGap sx={{ display: 'inline-flex', flexWrap: 'wrap' }}>
            {outOfStep.map((item) => (
              <Chip key={item.id} size="small" label={ruleLabel(item)} onClick={() => pick(item)} />
            ))}
          </Stack>
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <SelectField label="Property type" value={type} options={options(PROPERTY_TYPES, PROPERTY_TYPE_LABELS)} onChange={(value) => setType(PROPERTY_TYPES.find((entry) => entry === value) ?? type)} />
        <SelectField label="Material" value={material} options={options(MATERIALS, MATERIAL_LABELS)} onChange={(value) => setMaterial(MATERIALS.find((entry) => entry === value) ?? material)} />
        <SelectField label="Rooms" value={rooms} options={options(ROOM_SCOPES, ROOM_SCOPE_LABELS)} onChange={(value) => setRooms(ROOM_SCOPES.find((entry) => entry === value) ?? rooms)} />
      </Stack>
      {rule && <RuleEditor key={`${rule.id}@${rule.version}`} rule={rule} library={library} canEdit={canEdit} />}
    </section>
  );
}

const ruleLabel = (rule: PackageRule) => `${PROPERTY_TYPE_LABELS[rule.type]} · ${MATERIAL_LABELS[rule.material]} · ${ROOM_SCOPE_LABELS[rule.rooms]}`;

const NEW_LINE: PackageLine = { usageArea: '', item: '', finishType: '', brand: '', perSqft: 0.1 };

function RuleEditor({ rule, library, canEdit }: { rule: PackageRule; library: RateLibrary; canEdit: boolean }) {
  const [lines, setLines] = useState<PackageLine[]>(rule.lines);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePackageRule();
  const { toast } = useToast();
  const areas = library.usageAreas.filter((area) => !area.retired);
  const itemsOf = (areaName: string) => {
    const area = areas.find((entry) => entry.name === areaName);
    return area ? library.items.filter((item) => item.usageAreaId === area.id && !item.retired) : [];
  };
  const change = (index: number, patch: Partial<PackageLine>) => setLines((current) => current.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const submit = () => {
    setErrors({});
    save.mutate(
      { id: rule.id, lines, version: rule.version },
      {
        onSuccess: (saved) =>
          toast(saved.outOfStep ? { title: 'Rule saved', description: PACKAGE_RULE_MESSAGES.outOfStep, variant: 'destructive' } : { title: 'Rule saved', description: 'In step with the calculator.' }),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.body?.fields ?? {});
          toast({ title: 'Rule not saved', description: isConflict(error) ? PACKAGE_RULE_MESSAGES.stale : serverMessage(error), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{ruleLabel(rule)}</Typography>
        {rule.outOfStep ? <Chip size="small" color="warning" label={PACKAGE_RULE_MESSAGES.outOfStep} /> : <Chip size="small" color="success" variant="outlined" label="In step with the calculator" />}
        {!rule.saved && <Chip size="small" variant="outlined" label="Default" />}
      </Stack>
      {rule.outOfStep && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {rule.outOfStep.misses.map((miss) => (
            <div key={`${miss.area}-${miss.total}`}>
              {miss.unpriced
                ? `${miss.area} sq ft: ${miss.unpriced}`
                : `${miss.area} sq ft: draft ${formatINR(miss.total)}, calculator ${formatINR(miss.minCost)} - ${formatINR(miss.maxCost)}`}
            </div>
          ))}
        </Alert>
      )}
      <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Lines of ${ruleLabel(rule)}`}>
        <TableHead>
          <TableRow>
            <TableCell>Usage area</TableCell>
            <TableCell>Item</TableCell>
            <TableCell>Finish type</TableCell>
            <TableCell>Per sq ft of carpet area</TableCell>
            {canEdit && <TableCell aria-label="Actions" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => {
            const items = itemsOf(line.usageArea);
            const finishes = items.find((item) => item.itemName === line.item)?.finishTypes.filter((finish) => !finish.retired) ?? [];
            const error = (field: string) => errors[`lines[${index}].${field}`];
            return (
              <TableRow key={index}>
                {canEdit ? (
                  <>
                    <TableCell>
                      <SelectField label="Usage area" value={line.usageArea} emptyLabel="Choose" options={withCurrent(areas.map((area) => area.name), line.usageArea)} onChange={(value) => change(index, { usageArea: value, item: '', finishType: '' })} />
                    </TableCell>
                    <TableCell>
                      <SelectField label="Item" value={line.item} emptyLabel="Choose" options={withCurrent(items.map((item) => item.itemName), line.item)} onChange={(value) => change(index, { item: value, finishType: '' })} />
                    </TableCell>
                    <TableCell>
                      <SelectField label="Finish type" value={line.finishType} emptyLabel="Choose" options={withCurrent(finishes.map((finish) => finish.name), line.finishType)} onChange={(value) => change(index, { finishType: value })} />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        type="number"
                        label="Quantity"
                        sx={{ minWidth: 110 }}
                        value={line.perSqft}
                        error={Boolean(error('perSqft'))}
                        helperText={error('perSqft')}
                        slotProps={{ htmlInput: { min: 0, step: 0.0001 } }}
                        onChange={(event) => change(index, { perSqft: Number(event.target.value) })}
                      />
                    </TableCell>
                    <TableCell>
                      <IconButton aria-label={`Remove line ${index + 1}`} onClick={() => setLines((current) => current.filter((_, i) => i !== index))} disabled={lines.length === 1}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </TableCell>
                  </>
                ) : (
                  <>
                    <TableCell>{line.usageArea}</TableCell>
                    <TableCell>{line.item}</TableCell>
                    <TableCell>{line.finishType}</TableCell>
                    <TableCell>{line.perSqft}</TableCell>
                  </>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      </TableContainer>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'space-between' }}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setLines((current) => [...current, NEW_LINE])}>
            Add line
          </Button>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save rule'}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldMessages } from '@app/shared-types/forms';
import { HOLIDAY_MESSAGES, WEEKLY_OFF_LABEL, holidayCreateSchema, type Holiday } from '@app/shared-types/holidays';
import { formatDate } from '@app/shared-types/format';
import { useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { useDeleteFlow } from '../../../components/confirm-delete-dialog';
import { DateField } from '../../../components/date-field';
import { PagedList, usePagedItems } from '../../../components/paged-list';
import { SelectField } from '../../../components/select-field';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useCreateHoliday, useDeleteHoliday, useHolidays } from '../api/holidays';

const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'UTC' });
const dayName = (date: string) => weekday.format(new Date(`${date}T00:00:00Z`));

interface HolidaysPanelProps {
  /** The year shown (YYYY). */
  year: string;
  onYearChange: (year: string) => void;
  /** Admins and HR add and delete holidays; everyone else reads them. */
  canManage: boolean;
}

/**
 * The firm's holidays, a year at a time: date and name. The monthly report
 * counts working days without them and without the weekly off (Sunday).
 */
export function HolidaysPanel({ year, onYearChange, canManage }: HolidaysPanelProps) {
  const list = useHolidays(year, 50);
  const items = usePagedItems(list);
  const remove = useDeleteFlow<Holiday>({
    mutation: useDeleteHoliday((date) => items.find((holiday) => holiday.date === date)?.version),
    noun: 'Holiday',
    nameOf: (holiday) => `${holiday.name}, ${formatDate(holiday.date)}`,
    message: (holiday) => `${holiday ? `${holiday.name} on ${formatDate(holiday.date)}` : 'The holiday'} will be removed, and the monthly report will count that day as a working day.`,
    forbidden: 'Only admins and HR can change the holiday list.',
  });
  const now = Number(new Date().getFullYear());
  const years = [now - 1, now, now + 1, Number(year)].filter((value, index, all) => all.indexOf(value) === index).sort();

  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Stack sx={{ minWidth: 140 }}>
              <SelectField label="Year" value={year} options={years.map((value) => ({ value: String(value), label: String(value) }))} onChange={onYearChange} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Working days leave out these holidays and every {WEEKLY_OFF_LABEL}.
            </Typography>
          </Stack>
          {canManage && <AddHolidayForm />}
          <PagedList list={list} items={items} noun="holidays" emptyMessage={`No holidays entered for ${year}`} compact>
            <List aria-label={`Holidays, ${year}`} dense disablePadding>
              {items.map((holiday) => (
                <ListItem
                  key={holiday.id}
                  divider
                  disableGutters
                  secondaryAction={
                    canManage ? (
                      <IconButton edge="end" aria-label={`Delete ${holiday.name}`} onClick={() => remove.ask(holiday)}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemText primary={holiday.name} secondary={`${formatDate(holiday.date)} · ${dayName(holiday.date)}`} />
                </ListItem>
              ))}
            </List>
          </PagedList>
        </Stack>
      </CardContent>
      {remove.dialog}
    </Card>
  );
}

/** Date and name; field messages from the shared schema, then from the server (a date already in the list). */
function AddHolidayForm() {
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateHoliday();
  const { toast } = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let input;
    try {
      input = holidayCreateSchema.validateSync({ date, name }, { abortEarly: false });
    } catch (error) {
      if (error instanceof ValidationError) {
        setErrors(fieldMessages(error));
        return;
      }
      throw error;
    }
    try {
      const holiday = await create.mutateAsync(input);
      toast({ title: HOLIDAY_MESSAGES.created, description: `${holiday.name}, ${formatDate(holiday.date)}` });
      setDate('');
      setName('');
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.body?.fields) setErrors(error.body.fields);
      toast({ variant: 'destructive', title: 'Error adding holiday', description: serverMessage(error) });
    }
  };

  return (
    <Stack component="form" aria-label="Add a holiday" noValidate onSubmit={(event) => void submit(event)} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <DateField size="small" fullWidth={false} label="Date" value={date} onChange={setDate} error={Boolean(errors.date)} helperText={errors.date} sx={{ flexShrink: 0 }} />
      <TextField size="small" label="Holiday name" value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name} sx={{ flexGrow: 1 }} />
      <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={create.isPending} sx={{ flexShrink: 0 }}>
        {create.isPending ? 'Adding...' : 'Add holiday'}
      </Button>
    </Stack>
  );
}

import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BULK_IMPORT_MAX_ROWS, type BulkImportResult } from '@app/shared-types/leads';
import { useState, type ChangeEvent } from 'react';
import { DirtyReport } from '../../../components/discard-guard';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../lib/toast';
import { useBulkImportLeads } from '../api/bulk-import-leads';
import { serverMessage } from '../../../lib/api-errors';
import {
  IMPORT_LINE_FORMAT,
  importFileKind,
  parseCsvLeads,
  parsePastedLeads,
  parseSheetLeads,
  type ImportParseResult,
  type ParsedImportRow,
} from '../import-parsing';
import { importSummary, plural } from '../model';
import { ImportPreview } from './import-preview';

type ImportTab = 'upload' | 'paste';

interface FileState {
  name: string;
  result: ImportParseResult;
}

/** A file's text as UTF-8 (FileReader: older browsers and jsdom lack Blob.text()). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}

async function readImportFile(file: File): Promise<ImportParseResult> {
  const kind = importFileKind(file.name);
  if (kind === 'csv') return parseCsvLeads(await readText(file));
  if (kind === 'xlsx') {
    // The spreadsheet reader is only downloaded when someone imports a spreadsheet.
    const { readSheet } = await import('read-excel-file/browser');
    return parseSheetLeads(await readSheet(file));
  }
  return { ok: false, error: 'Choose a .csv or .xlsx file' };
}

/** SPEC.md 5 bulk import: upload a file or paste lines, preview what the server will do, then import. */
export function BulkImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const bulkImport = useBulkImportLeads();

  const [tab, setTab] = useState<ImportTab>('upload');
  const [pasteText, setPasteText] = useState('');
  const [file, setFile] = useState<FileState | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<ParsedImportRow[] | null>(null);
  const [preview, setPreview] = useState<BulkImportResult | null>(null);
  const [includeDuplicates, setIncludeDuplicates] = useState<ReadonlySet<number>>(new Set());

  const reset = () => {
    setTab('upload');
    setPasteText('');
    setFile(null);
    setError(null);
    setRows(null);
    setPreview(null);
    setIncludeDuplicates(new Set());
  };

  const close = () => {
    if (bulkImport.isPending) return;
    reset();
    onClose();
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setError(null);
    setReading(true);
    try {
      setFile({ name: chosen.name, result: await readImportFile(chosen) });
    } catch {
      setFile({ name: chosen.name, result: { ok: false, error: 'This file could not be read. Save it as .csv or .xlsx and try again.' } });
    } finally {
      setReading(false);
    }
  };

  const runPreview = async () => {
    const parsed: ImportParseResult =
      tab === 'paste' ? parsePastedLeads(pasteText) : (file?.result ?? { ok: false, error: 'Choose a .csv or .xlsx file' });
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    try {
      const result = await bulkImport.mutateAsync({
        leadsData: parsed.rows.map(({ row }) => row),
        includeDuplicates: [],
        dryRun: true,
      });
      setRows(parsed.rows);
      setPreview(result);
      setIncludeDuplicates(new Set());
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Failed to import leads', description: serverMessage(failure) });
    }
  };

  const runImport = async () => {
    if (!rows) return;
    try {
      const result = await bulkImport.mutateAsync({
        leadsData: rows.map(({ row }) => row),
        includeDuplicates: [...includeDuplicates].sort((a, b) => a - b),
        dryRun: false,
      });
      toast({ title: 'Bulk import successful', description: importSummary(result) });
      reset();
      onClose();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Failed to import leads', description: serverMessage(failure) });
    }
  };

  const toggleDuplicate = (index: number, include: boolean) => {
    setIncludeDuplicates((current) => {
      const next = new Set(current);
      if (include) next.add(index);
      else next.delete(index);
      return next;
    });
  };

  const importable = preview ? preview.rows.filter((row) => row.status === 'valid').length + includeDuplicates.size : 0;
  const pending = bulkImport.isPending;

  return (
    <FormDialog open={open} onClose={close} titleId="bulk-import-title" maxWidth="md">
      {/* Pasted lines, a chosen file or a preview ask 'Discard changes?' before a click outside or Escape drops them. */}
      <DirtyReport dirty={!pending && (pasteText.trim() !== '' || file !== null || preview !== null)} />
      <DialogTitle id="bulk-import-title">Bulk Import</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        {preview && rows ? (
          <ImportPreview result={preview} rows={rows} includeDuplicates={includeDuplicates} onToggleDuplicate={toggleDuplicate} />
        ) : (
          <>
            <Tabs
              value={tab}
              onChange={(_event, value: ImportTab) => {
                setTab(value);
                setError(null);
              }}
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="upload" label="Upload File" />
              <Tab value="paste" label="Paste Data" />
            </Tabs>
            {tab === 'upload' ? (
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  A .csv or .xlsx file with one lead per row: {IMPORT_LINE_FORMAT}. A first row starting with 'name' is read
                  as column headings. At most {BULK_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows.
                </Typography>
                <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={reading || pending}>
                  {reading ? 'Reading...' : 'Choose file'}
                  <input
                    hidden
                    type="file"
                    accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    onChange={(event) => void chooseFile(event)}
                    data-testid="import-file"
                  />
                </Button>
                {file && (
                  <Typography variant="body2" sx={{ mt: 1.5 }}>
                    {file.name}
                    {file.result.ok && `: ${plural(file.result.rows.length, 'row', 'rows')} read`}
                  </Typography>
                )}
                {file && !file.result.ok && !error && (
                  <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
                    {file.result.error}
                  </Alert>
                )}
              </Box>
            ) : (
              <TextField
                label="Lead data"
                multiline
                minRows={8}
                value={pasteText}
                onChange={(event) => setPasteText(event.target.value)}
                placeholder={'Ravi Kumar, 9848012345, ravi@example.com, Website, 500000, 3BHK, Gachibowli, Modular kitchen'}
                helperText={`One lead per line: ${IMPORT_LINE_FORMAT}`}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace', fontSize: 14 } } }}
              />
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
                {error}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {preview ? (
          <>
            <Button onClick={() => setPreview(null)} disabled={pending} sx={{ mr: 'auto' }}>
              Back
            </Button>
            <Button onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void runImport()} disabled={pending || importable === 0}>
              {pending ? 'Importing...' : `Import ${plural(importable, 'row', 'rows')}`}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void runPreview()} disabled={pending || reading}>
              {pending ? 'Checking...' : 'Preview'}
            </Button>
          </>
        )}
      </DialogActions>
    </FormDialog>
  );
}

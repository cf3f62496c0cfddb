import { useEffect, useRef, useState } from 'react';
import { exampleProblemUrl } from '@shared/platforms/index';
import { checkUploadFile, fileExtension, SHEET_IMPORT_LAYOUT, SLOW_UPLOAD_MS, UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '@shared/rules/upload';
import { sheetImportResultSchema, type ImportRowResult, type SheetImportResult } from '@shared/schemas/sharing';
import { Dialog } from '../../../components/dialog';
import { ImportRows } from '../../../components/import-rows';
import { ProgressBar } from '../../../components/question-bits';
import { uploadWithProgress } from '../../../lib/spreadsheet/upload';
import { toast } from '../../../lib/toast';

type ImportSummary = SheetImportResult;

function rowOutcome(r: ImportRowResult): string {
  if (r.status === 'added') return 'Added';
  if (r.status === 'duplicate') return 'Already in the sheet';
  if (r.status === 'invalidUrl') return 'Invalid URL';
  return r.message ?? 'Error';
}

type State = { kind: 'idle' } | { kind: 'uploading'; percent: number; slow: boolean } | { kind: 'done'; summary: ImportSummary } | { kind: 'error'; message: string };

/** Bulk Import to Sheet: a CSV, or an xlsx converted to CSV in the browser, sent to the server. */
export function ImportDialog({ sheetId, open, onClose, onImported }: { sheetId: string; open: boolean; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const slowTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (open) {
      setFile(null);
      setFileError(null);
      setState({ kind: 'idle' });
    }
    return () => clearTimeout(slowTimer.current);
  }, [open]);

  async function upload() {
    const problem = checkUploadFile(file);
    if (problem || !file) {
      setFileError(problem ?? UPLOAD_MESSAGES.required);
      return;
    }
    setState({ kind: 'uploading', percent: 0, slow: false });
    slowTimer.current = setTimeout(() => {
      toast.info(UPLOAD_MESSAGES.slow);
      setState((s) => (s.kind === 'uploading' ? { ...s, slow: true } : s));
    }, SLOW_UPLOAD_MS);
    try {
      const csv = fileExtension(file.name) === '.xlsx' ? await (await import('../../../lib/spreadsheet/client')).spreadsheetToCsvFile(file, SHEET_IMPORT_LAYOUT) : file;
      const form = new FormData();
      form.set('sheetId', sheetId);
      form.set('file', csv);
      const summary = await uploadWithProgress('/question-tracker/v1/user/uploader/sheet', form, sheetImportResultSchema, {
        onProgress: (percent) => setState((s) => (s.kind === 'uploading' ? { ...s, percent } : s)),
      });
      setState({ kind: 'done', summary });
      toast.success(`${summary.added} questions imported`);
      onImported();
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.failed;
      setState({ kind: 'error', message });
      toast.error(UPLOAD_MESSAGES.failed);
    } finally {
      clearTimeout(slowTimer.current);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Bulk Import to Sheet"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {state.kind === 'done' ? 'Close' : 'Cancel'}
          </button>
          {state.kind !== 'done' && (
            <button type="button" className="btn btn-primary" disabled={state.kind === 'uploading'} onClick={() => void upload()}>
              {state.kind === 'uploading' && <span className="spinner" aria-hidden />} Upload
            </button>
          )}
        </>
      }
    >
      <p className="muted">Upload a .csv or .xlsx file under 1 MB with these columns, in this order. problemUrl is mandatory; topics and subtopics that do not exist yet are created.</p>
      <table className="format-table">
        <thead>
          <tr>
            {SHEET_IMPORT_LAYOUT.columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{exampleProblemUrl('leetcode')}</td>
            <td>Arrays</td>
            <td>Hashing</td>
          </tr>
        </tbody>
      </table>
      <div className="field">
        <label htmlFor="import-file">File</label>
        <input
          id="import-file"
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            setFile(f);
            setFileError(f ? checkUploadFile(f) : null);
            setState({ kind: 'idle' });
          }}
        />
        {fileError && (
          <span className="field-error" role="alert">
            {fileError}
          </span>
        )}
      </div>
      {state.kind === 'uploading' && (
        <div className="stack" aria-live="polite">
          <ProgressBar percent={state.percent} label="Upload progress" />
          {state.slow && <span className="faint">{UPLOAD_MESSAGES.slow}</span>}
        </div>
      )}
      {state.kind === 'error' && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && (
        <div className="stack" aria-label="Import summary">
          <p>
            <strong>{state.summary.added}</strong> added · {state.summary.duplicates} already in the sheet · {state.summary.invalidUrl} invalid URLs · {state.summary.error} errors ·{' '}
            {state.summary.total} rows
          </p>
          <ImportRows
            caption="Rows of the file"
            valueHeader="problemUrl"
            rows={state.summary.results.map((r) => ({ row: r.row, value: r.problemUrl, outcome: rowOutcome(r) }))}
          />
        </div>
      )}
    </Dialog>
  );
}

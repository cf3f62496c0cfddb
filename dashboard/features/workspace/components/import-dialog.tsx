import { FileSpreadsheet, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { exampleProblemUrl } from '@shared/platforms/index';
import { checkUploadFile, importHeadline, PROGRESS_LAYOUT, SLOW_UPLOAD_MS, UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '@shared/rules/upload';
import type { ProgressImportResult } from '@shared/schemas/workspace';
import { Dialog } from '../../../components/dialog';
import { ImportRows } from '../../../components/import-rows';
import { ProgressBar } from '../../../components/question-bits';
import { ApiError } from '../../../lib/api';
import { spreadsheetToCsvFile } from '../../../lib/spreadsheet/client';
import { toast } from '../../../lib/toast';
import { uploadProgressCsv } from '../api/progress-upload';
import { useInvalidateWorkspace } from '../api/workspace-queries';
import { ImportedCustom } from './imported-custom';

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; slow: boolean; step: 'reading' | 'sending' }
  | { kind: 'success'; result: ProgressImportResult }
  | { kind: 'error'; message: string };

const SUMMARY: { key: keyof Omit<ProgressImportResult, 'questions' | 'failed' | 'custom'>; label: string }[] = [
  { key: 'total', label: 'Rows read' },
  { key: 'new', label: 'Added or marked solved' },
  { key: 'alreadySolved', label: 'Already up to date' },
  { key: 'invalidUrl', label: 'Invalid URL' },
  { key: 'error', label: 'Errors' },
];

/** Progress import (spec §4 Upload): idle, uploading, then a success summary or an error. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const slowTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidateWorkspace();
  useEffect(() => {
    if (open) {
      setFile(null);
      setFileError(null);
      setState({ kind: 'idle' });
    }
    return () => clearTimeout(slowTimer.current);
  }, [open]);

  const choose = (picked: File | null) => {
    setFile(picked);
    setFileError(picked ? checkUploadFile(picked) : null);
    setState({ kind: 'idle' });
  };

  async function upload() {
    const problem = checkUploadFile(file);
    if (problem || !file) {
      setFileError(problem ?? UPLOAD_MESSAGES.required);
      return;
    }
    setState({ kind: 'uploading', percent: 0, slow: false, step: 'reading' });
    slowTimer.current = setTimeout(() => {
      toast.info(UPLOAD_MESSAGES.slow);
      setState((s) => (s.kind === 'uploading' ? { ...s, slow: true } : s));
    }, SLOW_UPLOAD_MS);
    try {
      const csv = await spreadsheetToCsvFile(file, PROGRESS_LAYOUT);
      setState((s) => (s.kind === 'uploading' ? { ...s, step: 'sending' } : s));
      const result = await uploadProgressCsv(csv, { onProgress: (percent) => setState((s) => (s.kind === 'uploading' ? { ...s, percent } : s)) });
      setState({ kind: 'success', result });
      const headline = importHeadline(result);
      toast[headline.tone](headline.text);
      void invalidate();
    } catch (err) {
      // The server's refusal (a rule of §5) or the conversion's message is worth showing; anything else is generic.
      const detail = err instanceof ApiError ? (err.code >= 400 && err.code < 500 ? err.message : null) : err instanceof Error ? err.message : null;
      setState({ kind: 'error', message: detail ?? UPLOAD_MESSAGES.failed });
      toast.error(UPLOAD_MESSAGES.failed);
    } finally {
      clearTimeout(slowTimer.current);
    }
  }

  const uploading = state.kind === 'uploading';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Import Progress"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {state.kind === 'success' ? 'Close' : 'Cancel'}
          </button>
          {state.kind !== 'success' && (
            <button type="button" className="btn btn-primary" disabled={uploading} onClick={() => void upload()}>
              {uploading ? <span className="spinner" aria-hidden /> : <Upload size={15} aria-hidden />} Upload
            </button>
          )}
        </>
      }
    >
      {state.kind === 'success' ? (
        <Summary result={state.result} />
      ) : (
        <>
          <p className="muted">Upload a .csv or .xlsx file under 1 MB. The first column holds the problem URL (a link's target is used in .xlsx); solved is optional and defaults to false.</p>
          <table className="ws-format">
            <caption className="visually-hidden">File format</caption>
            <thead>
              <tr>
                {PROGRESS_LAYOUT.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{exampleProblemUrl('leetcode')}</td>
                <td>true</td>
              </tr>
              <tr>
                <td>{exampleProblemUrl('codeforces')}</td>
                <td>false</td>
              </tr>
            </tbody>
          </table>
          <label
            className={`ws-drop${fileError ? ' invalid' : ''}`}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              choose(e.dataTransfer.files[0] ?? null);
            }}
          >
            <FileSpreadsheet size={22} aria-hidden />
            <span>{file ? file.name : 'Choose a file or drop it here'}</span>
            <input ref={input} type="file" accept={UPLOAD_ACCEPT} className="visually-hidden" aria-label="Progress file" disabled={uploading} onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          </label>
          {fileError && (
            <span className="field-error" role="alert">
              {fileError}
            </span>
          )}
          {state.kind === 'uploading' && (
            <div className="stack" aria-live="polite">
              <ProgressBar percent={state.step === 'reading' ? 0 : state.percent} label="Upload progress" />
              <span className="field-hint">{state.step === 'reading' ? 'Reading the spreadsheet…' : `Uploading… ${state.percent}%`}</span>
              {state.slow && <span className="field-hint">{UPLOAD_MESSAGES.slow}</span>}
            </div>
          )}
          {state.kind === 'error' && (
            <p className="field-error" role="alert">
              {state.message}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}

function Summary({ result }: { result: ProgressImportResult }) {
  const headline = importHeadline(result);
  return (
    <div className="stack" aria-label="Import summary">
      <p className={`ws-lookup-note ${headline.tone}`} role="status">
        {headline.text}
      </p>
      <dl className="ws-summary">
        {SUMMARY.map(({ key, label }) => (
          <div key={key} className="ws-summary-item" data-testid={`summary-${key}`}>
            <dt>{label}</dt>
            <dd>{result[key]}</dd>
          </div>
        ))}
      </dl>
      <ImportedCustom items={result.custom} />
      {result.failed.length > 0 && <h3 className="ws-summary-heading">Rows not imported</h3>}
      <ImportRows
        caption="Rows not imported"
        valueHeader="Value"
        outcomeHeader="Reason"
        rows={result.failed.map((f) => ({ row: f.row, value: f.column === 'solved' ? `solved: ${f.value}` : f.value, outcome: f.reason }))}
        more={result.invalidUrl + result.error - result.failed.length}
      />
    </div>
  );
}

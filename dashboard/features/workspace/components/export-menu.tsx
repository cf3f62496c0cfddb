import { Download } from 'lucide-react';
import { useState } from 'react';
import { format } from 'date-fns';
import { Spinner } from '../../../components/feedback';
import { downloadBlob } from '../../../lib/download';
import { buildXlsx } from '../../../lib/spreadsheet/export';
import { plural } from '@shared/plural';
import { toast } from '../../../lib/toast';
import { workspaceCalls } from '../api/workspace-queries';
import type { WorkspaceView } from '../lib/filters';
import { Popover } from './popover';

/** Export the workspace under the current filters as CSV or XLSX; both import back unchanged. */
export function ExportMenu({ view }: { view: WorkspaceView }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function run(kind: 'csv' | 'xlsx') {
    setOpen(false);
    setBusy(true);
    try {
      const data = await workspaceCalls.export(view);
      // A file of headers alone would look like a failed export.
      if (data.total === 0) return void toast.info('Nothing to export: there are no questions here yet');
      const name = `workspace-${format(new Date(), 'yyyy-MM-dd')}`;
      if (kind === 'csv') downloadBlob(new Blob([data.csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
      else downloadBlob(new Blob([await buildXlsx(data.columns, data.rows)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${name}.xlsx`);
      toast.success(`Exported ${plural(data.total, 'question')}`);
    } catch (err) {
      toast.failure('Failed to export questions', err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="end"
      label="Export"
      triggerClassName="btn"
      trigger={
        <>
          {busy ? <Spinner label="Exporting" /> : <Download size={16} aria-hidden />} Export
        </>
      }
    >
      <div className="ws-menu-list" role="menu">
        <button type="button" role="menuitem" className="menu-item" onClick={() => void run('csv')}>
          CSV (.csv)
        </button>
        <button type="button" role="menuitem" className="menu-item" onClick={() => void run('xlsx')}>
          Excel (.xlsx)
        </button>
      </div>
    </Popover>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { FileUp, LogOut, Settings, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Sheet } from '@shared/schemas/sheet';
import { ConfirmDialog } from '../../components/dialog';
import { toast } from '../../lib/toast';
import { tabHref } from '../tracker/tabs';
import { sharingCalls } from './api/sharing-queries';
import { sheetKeys } from './api/sheet-queries';
import { ImportDialog, SettingsDialog, ShareDialog } from './components/dialogs';
import { MenuItem } from '../../components/menu';

type Open = 'share' | 'settings' | 'import' | 'delete' | 'leave' | null;

/** The sheet's administration: the three-dot menu entries, the Share button and their dialogs, by role (spec §6). */
export function useSheetAdmin(sheet: Sheet) {
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const member = sheet.isAuthor || sheet.isCollaborator;
  const close = () => setOpen(null);

  async function run(call: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await call();
      toast.success(success);
      close();
      await qc.invalidateQueries();
      navigate(tabHref('mySheets'));
    } catch (err) {
      toast.failure(failure, err);
    } finally {
      setBusy(false);
    }
  }

  const menuItems = (
    <>
      {member && (
        <MenuItem onSelect={() => setOpen('import')}>
          <FileUp size={15} /> Import Questions
        </MenuItem>
      )}
      {sheet.isAuthor && (
        <MenuItem onSelect={() => setOpen('settings')}>
          <Settings size={15} /> Sheet Settings
        </MenuItem>
      )}
      {sheet.isAuthor && (
        <MenuItem danger onSelect={() => setOpen('delete')}>
          <Trash2 size={15} /> Delete Sheet
        </MenuItem>
      )}
      {sheet.isCollaborator && (
        <MenuItem danger onSelect={() => setOpen('leave')}>
          <LogOut size={15} /> Leave Sheet
        </MenuItem>
      )}
    </>
  );

  const shareButton = member ? (
    <button type="button" className="btn" onClick={() => setOpen('share')}>
      <Share2 size={16} /> Share
    </button>
  ) : null;

  const dialogs = member ? (
    <>
      <ShareDialog sheet={sheet} open={open === 'share'} onClose={close} />
      {sheet.isAuthor && <SettingsDialog sheet={sheet} open={open === 'settings'} onClose={close} />}
      <ImportDialog sheetId={sheet._id} open={open === 'import'} onClose={close} onImported={() => void qc.invalidateQueries({ queryKey: sheetKeys.all })} />
      <ConfirmDialog
        open={open === 'delete'}
        danger
        busy={busy}
        title="Delete sheet"
        message={`Delete "${sheet.name}" with all its topics and questions? This cannot be undone.`}
        confirmLabel="Delete"
        onCancel={close}
        onConfirm={() => void run(() => sharingCalls.deleteSheet(sheet._id), 'Sheet deleted successfully', 'Failed to delete sheet')}
      />
      <ConfirmDialog
        open={open === 'leave'}
        danger
        busy={busy}
        title="Leave sheet"
        message={`Leave "${sheet.name}"? You will no longer be able to edit it.`}
        confirmLabel="Leave"
        onCancel={close}
        onConfirm={() => void run(() => sharingCalls.leave(sheet._id), 'You have left the sheet', 'Failed to leave sheet')}
      />
    </>
  ) : null;

  return { menuItems, shareButton, dialogs };
}

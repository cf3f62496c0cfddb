import { progressImportResultSchema, type ProgressImportResult } from '@shared/schemas/workspace';
import { api } from '../../../lib/api';
import { uploadWithProgress, type UploadOptions } from '../../../lib/spreadsheet/upload';

/** POST uploader/progress with upload progress; the file is already CSV. */
export function uploadProgressCsv(file: File, options: UploadOptions): Promise<ProgressImportResult> {
  const form = new FormData();
  form.append('file', file);
  const url = api['question-tracker'].v1.user.uploader.progress.$url().pathname;
  return uploadWithProgress(url, form, progressImportResultSchema, options);
}

import { progressImportResultSchema, type ProgressImportResult } from '@shared/schemas/workspace';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { uploadWithProgress, type UploadOptions } from '../../../lib/spreadsheet/upload';
import { useInvalidateWorkspace } from './workspace-queries';

/** POST uploader/progress with upload progress; the file is already CSV. */
export function uploadProgressCsv(file: File, options: UploadOptions): Promise<ProgressImportResult> {
  const form = new FormData();
  form.append('file', file);
  const url = api['question-tracker'].v1.user.uploader.progress.$url().pathname;
  return uploadWithProgress(url, form, progressImportResultSchema, options);
}

/** Takes custom questions an import added back out of the workspace (the import result's "check the spelling" list). */
export function useRemoveImported() {
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: (questionIds: string[]) => unwrap(api['question-tracker'].v1.user.question['remove-imported'].$post({ json: { questionIds } })),
    onSettled: () => void invalidate(),
  });
}

/**
 * Saves a blob under a file name through a temporary link. The link sits in the document while it is
 * clicked (some browsers ignore a detached one), and its URL is freed once the browser has taken the file.
 */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

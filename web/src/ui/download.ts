// Saving a file the API answered (a report's CSV, an invoice's PDF) under the name it gave.

/** Saves `blob` as `filename` through a temporary link (the browser's own download). */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

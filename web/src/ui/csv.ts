// CSV of a report table, built from the API's strings as they are (amounts stay exact decimals).
export function toCsv(rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) || (/^[=+\-@]/.test(text) && !/^-?[0-9.]+$/.test(text))
      ? `"${text.replace(/"/g, '""')}"`
      : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(filename: string, rows: (string | number)[][]) {
  downloadBlob(filename, new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
}

/** Saves a file the app holds (a CSV it built, a PDF the API answered) under `filename`. */
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

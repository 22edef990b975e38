/**
 * CSV for spreadsheets: every cell quoted, quotes doubled, and a cell that a spreadsheet would read as
 * a formula (starting with = + - @, or a tab or carriage return before one) starts with an apostrophe,
 * so an address typed as "=HYPERLINK(...)" stays text (CSV injection).
 */
export function csvCell(value: string | null): string {
  if (value === null) return '""';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvDocument(rows: (string | null)[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

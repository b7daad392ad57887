/** A cell a spreadsheet would run as a formula (or, for tab and CR, might after trimming). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field, quoted when it must be. Every CSV the console produces (the dry run's error
 * and warning file, a batch's results file) goes through here, so this is the one place of the
 * spreadsheet-formula rule (OWASP "CSV injection"): a cell that starts with `=`, `+`, `-`, `@`,
 * tab or CR gets a leading `'` and is quoted, so Excel, LibreOffice and Sheets show it as text
 * instead of running it. Customer IDs, reasons and service errors are text other people wrote
 * (docs/console.md, "Bulk awards").
 */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return text !== value || /[",;\r\n]/.test(text) || text !== text.trim()
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

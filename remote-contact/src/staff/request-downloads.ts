import {
  toCsv,
  toExportRow,
  toJson,
  toJsonRecord,
} from '../../../platform/contact-request/request-export.cjs';
import type { InboxRequest } from './inbox-request';

export type ExportFormat = 'csv' | 'json';

/** The file's text: CSV with a byte order mark (as the CLI's files have), or JSON. */
function exportText(requests: readonly InboxRequest[], format: ExportFormat): string {
  return format === 'csv'
    ? toCsv(requests.map(toExportRow), { bom: true })
    : toJson(requests.map(toJsonRecord));
}

/** "contact-requests-2026-11-22.csv" */
function exportFileName(format: ExportFormat, now = new Date()): string {
  return `contact-requests-${now.toISOString().slice(0, 10)}.${format}`;
}

/** Hands the requests to the browser as a downloaded file. */
export function downloadRequests(requests: readonly InboxRequest[], format: ExportFormat): void {
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
  const url = URL.createObjectURL(new Blob([exportText(requests, format)], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(format);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

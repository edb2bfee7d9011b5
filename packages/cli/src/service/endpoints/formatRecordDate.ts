/** Epoch ms → `YYYY-MM-DDTHH:MM:SS.mmm+0000`, the record format of docs/http-api.md. */
export function formatRecordDate(ts: number): string {
  return new Date(ts).toISOString().replace('Z', '+0000');
}

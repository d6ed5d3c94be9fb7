// Downloads a table's signed record (every setup, agreement and entry so far),
// which anyone can check on the replay page or with `npm run verify`.
import type { TableClient } from '$lib/session';
import { errorText } from './refusals';

/** Saves the record as a file; what went wrong, or null. */
export async function downloadRecord(client: TableClient): Promise<string | null> {
  const r = await client.record();
  if (!r.ok) return errorText(r.error);
  const { room, segments } = r.value;
  // Loaded when asked for: the record's format pulls in the setup and signing code.
  const { recordFileName, recordOf, recordText } = await import('$lib/record/format');
  const text = recordText(recordOf(segments, room));
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = recordFileName(room, segments.at(-1)?.game, new Date());
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return null;
}

// `npm run verify -- record.json` (or `-` for standard input): checks a game
// record as any player could (docs/record-format.md) and prints one JSON verdict.
// Exit status: 0 fair, 1 a violation or a refused entry, 2 a file that is not a
// readable record.
import { readFileSync } from 'node:fs';
import { accelerate } from '../src/lib/protocol';
import { parseRecord, verifyRecord, type RecordError } from '../src/lib/record';

function malformed(error: RecordError): number {
  console.log(JSON.stringify({ fair: false, error }, null, 2));
  return 2;
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    return malformed({
      code: 'UNREADABLE',
      path: '',
      message: 'usage: npm run verify -- RECORD.json   (or - for standard input)',
    });
  }
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return malformed({ code: 'UNREADABLE', path: '', message });
  }
  const record = parseRecord(text);
  if (!record.ok) return malformed(record.error);
  await accelerate();
  const verdict = verifyRecord(record.value);
  console.log(JSON.stringify(verdict, null, 2));
  return verdict.fair ? 0 : 1;
}

process.exitCode = await main();

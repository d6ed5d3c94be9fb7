// `npm run verify -- record.json` (or `-` for standard input): checks a game
// record as any player could (docs/record-format.md) and prints one JSON verdict.
// Exit status: 0 fair, 1 a violation or a refused entry, 2 a file that is not a
// readable record (also one larger than MAX_RECORD_BYTES: at most that many
// bytes and one more are read, so /dev/zero or endless input ends with exit 2).
import { createReadStream } from 'node:fs';
import { accelerate } from '../src/lib/protocol';
import {
  MAX_RECORD_BYTES,
  parseRecord,
  tooLarge,
  verifyRecord,
  type RecordError,
} from '../src/lib/record';

/** The text of `file` (`-`: standard input), or null when it holds more than `cap` bytes. */
async function readCapped(file: string, cap: number): Promise<string | null> {
  // `end` is inclusive: the stream stops after cap + 1 bytes, however long the input.
  const input =
    file === '-' ? createReadStream('', { fd: 0, end: cap }) : createReadStream(file, { end: cap });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return size > cap ? null : Buffer.concat(chunks, size).toString('utf8');
}

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
  let text: string | null;
  try {
    text = await readCapped(file, MAX_RECORD_BYTES);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return malformed({ code: 'UNREADABLE', path: '', message });
  }
  if (text === null) return malformed(tooLarge());
  const record = parseRecord(text);
  if (!record.ok) return malformed(record.error);
  await accelerate();
  const verdict = verifyRecord(record.value);
  console.log(JSON.stringify(verdict, null, 2));
  return verdict.fair ? 0 : 1;
}

process.exitCode = await main();

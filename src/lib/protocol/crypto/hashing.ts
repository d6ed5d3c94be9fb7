// SHA-512 (tweetnacl) with domain separation: every hash names its purpose and
// frames each part with a type byte and length, so no two inputs share an encoding.
import nacl from 'tweetnacl';
import { concatBytes, utf8 } from './bytes';

export type HashPart = Uint8Array | string | number;

export function sha512(bytes: Uint8Array): Uint8Array {
  return nacl.hash(bytes);
}

function frame(type: number, body: Uint8Array): Uint8Array {
  const head = new Uint8Array(5);
  head[0] = type;
  new DataView(head.buffer).setUint32(1, body.length);
  return concatBytes([head, body]);
}

/** Numbers are framed as their decimal text. */
export function taggedHash(tag: string, parts: readonly HashPart[]): Uint8Array {
  const framed = [frame(0, utf8(tag))];
  for (const part of parts) {
    if (typeof part === 'string') framed.push(frame(1, utf8(part)));
    else if (typeof part === 'number') framed.push(frame(2, utf8(String(part))));
    else framed.push(frame(3, part));
  }
  return sha512(concatBytes(framed));
}

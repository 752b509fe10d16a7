// OP_MSG (opCode 2013): int32 flagBits, then sections. Kind 0 is the command body; kind 1 is a
// document sequence (int32 size, cstring identifier, documents) merged into the body as an array.
import { serialize } from 'bson';
import type { Document } from 'bson';
import { decodeBson } from '../storage/numbers.js';
import { crc32c } from './crc32c.js';
import { HEADER_SIZE, OP_MSG, ProtocolError, writeHeader } from './framing.js';

export const CHECKSUM_PRESENT = 1;
export const MORE_TO_COME = 2;
export const EXHAUST_ALLOWED = 1 << 16;
/** Flags a client may set; any other required bit (0-15) must make us reject the message. */
const KNOWN_FLAGS = CHECKSUM_PRESENT | MORE_TO_COME | EXHAUST_ALLOWED;

export interface OpMsgRequest {
  flags: number;
  body: Document;
}

export function parseOpMsg(msg: Buffer): OpMsgRequest {
  const flags = msg.readUInt32LE(HEADER_SIZE);
  if (flags & 0xffff & ~KNOWN_FLAGS)
    throw new ProtocolError(`unsupported OP_MSG flag bits ${flags}`);
  let end = msg.length;
  if (flags & CHECKSUM_PRESENT) {
    end -= 4;
    if (end < HEADER_SIZE + 4) throw new ProtocolError('OP_MSG too short for checksum');
    if (crc32c(msg, 0, end) !== msg.readUInt32LE(end))
      throw new ProtocolError('OP_MSG checksum mismatch');
  }
  let pos = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: [string, Document[]][] = [];
  while (pos < end) {
    const kind = msg[pos++];
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG with more than one body section');
      const size = readDocSize(msg, pos, end);
      body = decodeBson(msg.subarray(pos, pos + size));
      pos += size;
    } else if (kind === 1) {
      if (pos + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = msg.readInt32LE(pos);
      const seqEnd = pos + size;
      if (size < 5 || seqEnd > end) throw new ProtocolError('bad document sequence size');
      const nul = msg.indexOf(0, pos + 4);
      if (nul < 0 || nul >= seqEnd) throw new ProtocolError('bad document sequence identifier');
      const id = msg.toString('utf8', pos + 4, nul);
      const docs: Document[] = [];
      let p = nul + 1;
      while (p < seqEnd) {
        const dsize = readDocSize(msg, p, seqEnd);
        docs.push(decodeBson(msg.subarray(p, p + dsize)));
        p += dsize;
      }
      sequences.push([id, docs]);
      pos = seqEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [id, docs] of sequences) body[id] = docs;
  return { flags, body };
}

function readDocSize(msg: Buffer, pos: number, end: number): number {
  if (pos + 5 > end) throw new ProtocolError('truncated BSON document');
  const size = msg.readInt32LE(pos);
  if (size < 5 || pos + size > end) throw new ProtocolError('bad BSON document size');
  return size;
}

export function encodeOpMsg(requestId: number, responseTo: number, doc: Document): Buffer {
  const body = serialize(doc, { ignoreUndefined: true });
  const buf = Buffer.allocUnsafe(HEADER_SIZE + 4 + 1 + body.length);
  writeHeader(buf, requestId, responseTo, OP_MSG);
  buf.writeUInt32LE(0, HEADER_SIZE);
  buf[HEADER_SIZE + 4] = 0;
  buf.set(body, HEADER_SIZE + 5);
  return buf;
}

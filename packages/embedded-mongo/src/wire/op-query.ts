// Legacy OP_QUERY (2004) / OP_REPLY (1): drivers still send the first `isMaster` this way.
import { serialize } from 'bson';
import type { Document } from 'bson';
import { HEADER_SIZE, OP_REPLY, ProtocolError, writeHeader } from './framing.js';
import { decodeBson } from '../storage/numbers.js';

export interface OpQueryRequest {
  collection: string;
  query: Document;
}

export function parseOpQuery(msg: Buffer): OpQueryRequest {
  let pos = HEADER_SIZE + 4; // skip flags
  const nul = msg.indexOf(0, pos);
  if (nul < 0) throw new ProtocolError('bad OP_QUERY collection name');
  const collection = msg.toString('utf8', pos, nul);
  pos = nul + 1 + 8; // numberToSkip, numberToReturn
  if (pos + 5 > msg.length) throw new ProtocolError('truncated OP_QUERY');
  const size = msg.readInt32LE(pos);
  if (size < 5 || pos + size > msg.length) throw new ProtocolError('bad OP_QUERY document');
  let query = decodeBson(msg.subarray(pos, pos + size));
  // Old clients wrap the command as { $query: {...}, $readPreference: ... }.
  if (query.$query && typeof query.$query === 'object') query = query.$query as Document;
  return { collection, query };
}

export function encodeOpReply(
  requestId: number,
  responseTo: number,
  docs: Document[],
  flags = 0,
): Buffer {
  const bodies = docs.map((d) => serialize(d, { ignoreUndefined: true }));
  const len = HEADER_SIZE + 20 + bodies.reduce((n, b) => n + b.length, 0);
  const buf = Buffer.allocUnsafe(len);
  writeHeader(buf, requestId, responseTo, OP_REPLY);
  buf.writeInt32LE(flags, HEADER_SIZE);
  buf.writeBigInt64LE(0n, HEADER_SIZE + 4); // cursorID
  buf.writeInt32LE(0, HEADER_SIZE + 12); // startingFrom
  buf.writeInt32LE(docs.length, HEADER_SIZE + 16);
  let pos = HEADER_SIZE + 20;
  for (const b of bodies) {
    buf.set(b, pos);
    pos += b.length;
  }
  return buf;
}

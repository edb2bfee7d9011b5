/**
 * The container of a persisted engine index (MiniSearchEngine#exportIndex): what the engine built
 * from a collection's documents, so that a restart reads it instead of building it again.
 *
 *     bytes 0-7    "TROVEIDX"
 *     bytes 8-11   format (INDEX_FORMAT), uint32 little-endian
 *     bytes 12-15  CRC-32 of the body
 *     bytes 16-23  body length, float64 little-endian
 *     bytes 24-    the body: numbers, strings and typed arrays, each typed array aligned to 8 bytes
 *
 * `openIndexFile` refuses (throws IndexFileError) anything else: another magic or format, a
 * length that is not the file's, a checksum that does not match; `IndexReader` throws the same
 * error past the end of the body. The caller then builds the index from the documents again: a
 * file that does not check out is never used, and even one that does is only trusted for the
 * documents whose fingerprint it carries (see MiniSearchEngine#restore).
 */
import { crc32 } from 'node:zlib';

export const INDEX_FORMAT = 4;
const MAGIC = 'TROVEIDX';
const HEADER = 24;

export class IndexFileError extends Error {}

/** A growing buffer the engine writes its index into; `finish()` gives the whole file. */
export class IndexWriter {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  private at = HEADER;

  private reserve(size: number): void {
    if (this.at + size <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < this.at + size) capacity *= 2;
    const bigger = new Uint8Array(capacity);
    bigger.set(this.bytes.subarray(0, this.at));
    this.bytes = bigger;
    this.view = new DataView(bigger.buffer);
  }

  u32(value: number): void {
    this.reserve(4);
    this.view.setUint32(this.at, value, true);
    this.at += 4;
  }

  f64(value: number): void {
    this.reserve(8);
    this.view.setFloat64(this.at, value, true);
    this.at += 8;
  }

  string(value: string): void {
    const encoded = Buffer.from(value, 'utf8');
    this.u32(encoded.length);
    this.reserve(encoded.length);
    this.bytes.set(encoded, this.at);
    this.at += encoded.length;
  }

  /** A typed array (its length first), aligned so that the reader can view it without a copy. */
  array(values: Int32Array | Uint32Array | Uint16Array | Uint8Array): void {
    this.u32(values.length);
    this.at = (this.at + 7) & ~7;
    this.reserve(values.byteLength);
    this.bytes.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), this.at);
    this.at += values.byteLength;
  }

  /** The file: header (magic, format, checksum, length) and body. */
  finish(): Uint8Array {
    const file = this.bytes.subarray(0, this.at);
    const header = new DataView(file.buffer, file.byteOffset, HEADER);
    for (let i = 0; i < MAGIC.length; i++) header.setUint8(i, MAGIC.charCodeAt(i));
    header.setUint32(8, INDEX_FORMAT, true);
    header.setUint32(12, crc32(file.subarray(HEADER)), true);
    header.setFloat64(16, this.at - HEADER, true);
    return file;
  }
}

/** Reads a body written by IndexWriter, in the same order; throws IndexFileError past its end. */
export class IndexReader {
  private readonly view: DataView;
  private at = 0;

  constructor(private readonly body: Uint8Array) {
    this.view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  }

  private need(size: number): void {
    if (this.at + size > this.body.length) throw new IndexFileError('the index ends early');
  }

  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.at, true);
    this.at += 4;
    return value;
  }

  f64(): number {
    this.need(8);
    const value = this.view.getFloat64(this.at, true);
    this.at += 8;
    return value;
  }

  string(): string {
    const length = this.u32();
    this.need(length);
    const value = Buffer.from(this.body.buffer, this.body.byteOffset + this.at, length).toString('utf8');
    this.at += length;
    return value;
  }

  int32s(): Int32Array<ArrayBuffer> {
    return this.array(Int32Array);
  }

  uint32s(): Uint32Array<ArrayBuffer> {
    return this.array(Uint32Array);
  }

  uint16s(): Uint16Array<ArrayBuffer> {
    return this.array(Uint16Array);
  }

  bytes(): Uint8Array<ArrayBuffer> {
    return this.array(Uint8Array);
  }

  /** Whether every byte of the body was read (a well-formed index leaves none). */
  get done(): boolean {
    return this.at === this.body.length;
  }

  private array<T>(Type: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number }): T {
    const length = this.u32();
    this.at = (this.at + 7) & ~7;
    this.need(length * Type.BYTES_PER_ELEMENT);
    // The body starts 8-aligned in its buffer (openIndexFile copies it).
    const values = new Type(this.body.buffer as ArrayBuffer, this.body.byteOffset + this.at, length);
    this.at += length * Type.BYTES_PER_ELEMENT;
    return values;
  }
}

/** The body of an index file, once its magic, format, length and checksum check out; IndexFileError otherwise. */
export function openIndexFile(file: Uint8Array): IndexReader {
  if (!(file instanceof Uint8Array)) throw new IndexFileError('not bytes');
  if (file.length < HEADER) throw new IndexFileError('too short for an index');
  const header = new DataView(file.buffer, file.byteOffset, HEADER);
  for (let i = 0; i < MAGIC.length; i++) {
    if (header.getUint8(i) !== MAGIC.charCodeAt(i)) throw new IndexFileError('not an index file');
  }
  const format = header.getUint32(8, true);
  if (format !== INDEX_FORMAT) throw new IndexFileError(`index format ${format}, not ${INDEX_FORMAT}`);
  if (header.getFloat64(16, true) !== file.length - HEADER) throw new IndexFileError('the index is truncated or too long');
  const body = file.subarray(HEADER);
  if (crc32(body) !== header.getUint32(12, true)) throw new IndexFileError('the index checksum does not match');
  // A copy of its own (aligned): what is read from it is changed in place later, never the caller's bytes.
  return new IndexReader(body.slice());
}

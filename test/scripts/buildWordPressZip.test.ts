import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { dosDateTime, pluginEntries, zip } from '../../scripts/buildWordPressZip.ts';

/** The entries of a ZIP archive read back through its central directory: name, bytes, and whether the CRC matches. */
function unzip(archive: Buffer): { name: string; data: Buffer; crcOk: boolean }[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const out: { name: string; data: Buffer; crcOk: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(archive.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(start, start + size);
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body);
    out.push({ name, data, crcOk: crc32(data) >>> 0 === crc });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('buildWordPressZip', () => {
  it('writes a ZIP whose entries read back whole, deflated or stored, with UTF-8 names', () => {
    const entries = [
      { name: 'trove-search/trove-search.php', data: Buffer.from('<?php\n'.repeat(200)) },
      { name: 'trove-search/assets/é.js', data: Buffer.from([1, 2, 3]) },
      { name: 'trove-search/empty.txt', data: Buffer.alloc(0) },
    ];
    const read = unzip(zip(entries, new Date(2026, 10, 28, 15, 30, 10)));
    expect(read.map(({ name, data }) => ({ name, data }))).toEqual(entries);
    expect(read.every((entry) => entry.crcOk)).toBe(true);
  });

  it('dates the entries at the build, so an unpacked update is not taken for the old files', () => {
    expect(dosDateTime(new Date(2026, 10, 28, 15, 30, 10))).toEqual({ time: (15 << 11) | (30 << 5) | 5, date: (46 << 9) | (11 << 5) | 28 });
  });

  it("puts the plugin's folder under trove-search/ with its own copy of the built widgets in assets/", () => {
    root = mkdtempSync(join(tmpdir(), 'trove-wpzip-'));
    const plugin = join(root, 'integrations/wordpress/trove-search');
    mkdirSync(join(plugin, 'includes'), { recursive: true });
    mkdirSync(join(root, 'packages/widgets/dist/chunks'), { recursive: true });
    writeFileSync(join(plugin, 'trove-search.php'), '<?php // main');
    writeFileSync(join(plugin, 'includes/class-a.php'), '<?php // a');
    writeFileSync(join(root, 'packages/widgets/dist/trove.js'), 'loader');
    writeFileSync(join(root, 'packages/widgets/dist/chunks/trove-search-box.js'), 'chunk');
    const names = pluginEntries(root).map((entry) => entry.name);
    expect(names).toEqual([
      'trove-search/includes/class-a.php',
      'trove-search/trove-search.php',
      'trove-search/assets/trove.js',
      'trove-search/assets/chunks/trove-search-box.js',
    ]);
  });
});

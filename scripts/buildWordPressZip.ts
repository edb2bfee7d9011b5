/**
 * Writes dist/trove-search-wordpress.zip (at the root): the WordPress plugin (integrations/wordpress/trove-search/)
 * in one folder `trove-search/`, with its own copy of the built widgets (packages/widgets/ `dist/trove.js` →
 * `assets/trove.js`, `dist/chunks/` → `assets/chunks/`), so a site installs it through the admin's
 * "Upload Plugin" and needs no CDN. A plain ZIP written with node:zlib (deflate, CRC-32): no
 * dependency. Run by `npm run build` after the widgets are built.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { compileTranslations } from './compileTranslations.ts';

/** One file of the archive: its path inside it (with `/`) and its bytes. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Every file under a folder, sorted, as [path relative to the folder with `/`, absolute path]. */
function filesUnder(folder: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push([relative(folder, path).split(sep).join('/'), path]);
    }
  };
  walk(folder);
  return out;
}

/**
 * The DOS time and date of a moment (local time, 2-second steps), as ZIP stores them. Entries carry
 * the build's time: an archive unpacked over an older copy must not look unchanged to PHP's
 * opcache, which compares modification times.
 */
export function dosDateTime(moment: Date): { time: number; date: number } {
  return {
    time: (moment.getHours() << 11) | (moment.getMinutes() << 5) | (moment.getSeconds() >> 1),
    date: ((Math.max(1980, moment.getFullYear()) - 1980) << 9) | ((moment.getMonth() + 1) << 5) | moment.getDate(),
  };
}

/** A ZIP archive (deflated entries, UTF-8 names) of the entries. */
export function zip(entries: ZipEntry[], moment = new Date()): Buffer {
  const { time: DOS_TIME, date: DOS_DATE } = dosDateTime(moment);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const stored = compressed.length >= entry.data.length;
    const body = stored ? entry.data : compressed;
    const crc = crc32(entry.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // -rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The plugin's entries: its folder (PHP, readme, blocks, assets, languages), its compiled translations and the built widgets under assets/. */
export function pluginEntries(root: string): ZipEntry[] {
  const plugin = join(root, 'integrations/wordpress/trove-search');
  const dist = join(root, 'packages/widgets/dist');
  const entries: ZipEntry[] = filesUnder(plugin).map(([name, path]) => ({ name: `trove-search/${name}`, data: readFileSync(path) }));
  for (const [name, data] of compileTranslations(plugin)) entries.push({ name: `trove-search/${name}`, data });
  entries.push({ name: 'trove-search/assets/trove.js', data: readFileSync(join(dist, 'trove.js')) });
  for (const [name, path] of filesUnder(join(dist, 'chunks'))) {
    entries.push({ name: `trove-search/assets/chunks/${name}`, data: readFileSync(path) });
  }
  return entries;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname;
  const entries = pluginEntries(root);
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist/trove-search-wordpress.zip'), zip(entries));
  console.log(`dist/trove-search-wordpress.zip: ${entries.length} files`);
}

/**
 * Test helper: serves recorded responses (test/fixtures/wordpress/, made by
 * scripts/recordWordPress.sh from a real WordPress) on loopback, each with its recorded status and
 * headers, the recorded site's address replaced by the server's own in headers and bodies (JSON's
 * escaped slashes too). Anything not recorded answers 404, as WordPress does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}

const dropped = new Set(['date', 'transfer-encoding', 'content-length', 'connection', 'keep-alive']);

function readRecording(dir: string, name: string): Recorded {
  const [statusLine, ...lines] = readFileSync(join(dir, `${name}.headers`), 'utf8').split(/\r?\n/);
  const headers = lines
    .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!.toLowerCase(), match[2]!] as [string, string])
    .filter(([name]) => !dropped.has(name));
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: gunzipSync(readFileSync(join(dir, `${name}.body.gz`))).toString('utf8'),
  };
}

const key = (path: string) => decodeURIComponent(path);

export async function serveRecorded(dir: string, recordedOrigin = 'http://127.0.0.1:8089') {
  const byPath = new Map<string, Recorded>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.path'))) {
    const name = file.slice(0, -'.path'.length);
    byPath.set(key(readFileSync(join(dir, file), 'utf8').trim()), readRecording(dir, name));
  }
  const requests: string[] = [];
  let bytes = 0;
  let origin = '';
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const recorded = byPath.get(key(path));
    const swap = (text: string) =>
      text.replaceAll(recordedOrigin, origin).replaceAll(recordedOrigin.replaceAll('/', '\\/'), origin.replaceAll('/', '\\/'));
    if (recorded === undefined) {
      response.writeHead(404, { 'content-type': 'text/html; charset=UTF-8' });
      response.end('<!doctype html><title>Page not found</title>');
      return;
    }
    const body = Buffer.from(swap(recorded.body));
    bytes += body.length;
    response.writeHead(
      recorded.status,
      [...recorded.headers.map(([name, value]) => [name, swap(value)]), ['content-length', String(body.length)]].flat(),
    );
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    bytes: () => bytes,
    recorded: (path: string) => byPath.get(key(path)),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

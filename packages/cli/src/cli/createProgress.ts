import cliProgress from 'cli-progress';
import type { IndexProgress } from './indexDocuments.ts';

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Progress {
  update(progress: IndexProgress): void;
  stop(): void;
}

/**
 * Shows indexing progress on `stream`: a cli-progress bar when it is a terminal, else one plain
 * line per batch (logs and CI output stay readable).
 */
export function createProgress(stream: Output, total: number, batches: number): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: stream as NodeJS.WritableStream,
        format: 'Indexing [{bar}] {value}/{total} documents · batch {batch}/{batches} · {eta_formatted} left',
        etaBuffer: 5,
        hideCursor: false,
        clearOnComplete: true,
        fps: 10,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { batch: 0, batches });
    return {
      update(p) {
        bar.update(p.done, { batch: p.batch, batches: p.batches });
      },
      stop() {
        bar.stop();
      },
    };
  }
  const width = String(batches).length;
  return {
    update(p) {
      const status = p.failure === undefined ? 'indexed' : p.failure === 'not sent' ? 'not sent' : 'FAILED';
      stream.write(`batch ${String(p.batch).padStart(width)}/${p.batches} ${status} · ${p.done}/${p.total} documents\n`);
    },
    stop() {},
  };
}

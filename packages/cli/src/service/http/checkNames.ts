import { LIMITS } from '../limits.ts';
import { ServiceError } from '../ServiceError.ts';

/** 400 for a project or collection name no file name can hold (writes create files named after them). */
export function checkNames(route: { project: string; collection: string }): void {
  for (const [what, name] of [
    ['Project', route.project],
    ['Collection', route.collection],
  ] as const) {
    if (Buffer.byteLength(name, 'utf8') > LIMITS.nameBytes) {
      throw new ServiceError(400, `${what} name too long: at most ${LIMITS.nameBytes} bytes (UTF-8)`);
    }
  }
}

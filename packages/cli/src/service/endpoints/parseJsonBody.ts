import { LIMITS } from '../limits.ts';
import { ServiceError } from '../ServiceError.ts';

/**
 * A request body as JSON; 400 naming `what` was expected when it is empty or not JSON, and when
 * arrays and objects nest deeper than LIMITS.jsonDepth (checked on the text before parsing, so no
 * later walk of the value can run out of stack).
 */
export function parseJsonBody(text: string, what: string): unknown {
  if (text.trim() === '') throw new ServiceError(400, `Empty body: ${what}`);
  if (nestingDepth(text) > LIMITS.jsonDepth) {
    throw new ServiceError(400, `Body nests too deep: at most ${LIMITS.jsonDepth} levels of arrays and objects; ${what}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ServiceError(400, `Body is not valid JSON (${(error as Error).message}): ${what}`);
  }
}

/** The deepest nesting of `[` and `{` outside strings (stops counting once past the limit). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > LIMITS.jsonDepth) return depth;
      if (depth > deepest) deepest = depth;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    }
  }
  return deepest;
}

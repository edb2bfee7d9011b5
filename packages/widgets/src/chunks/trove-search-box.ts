import { TroveSearchBox } from '../elements/TroveSearchBox.ts';
import { bootChunk, type LoaderHandoff } from './bootChunk.ts';

/** Chunk of the standalone script with the implementation of `<trove-search-box>`. */
export default (handoff: LoaderHandoff) => bootChunk(TroveSearchBox, handoff);

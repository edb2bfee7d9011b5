import { TroveSearchBox } from '../elements/TroveSearchBox.ts';
import { bootChunk, type LoaderHandoff } from './bootChunk.ts';

/** Chunk of the standalone script that defines `<trove-search-box>`. */
export default (handoff: LoaderHandoff) => bootChunk('trove-search-box', TroveSearchBox, handoff);

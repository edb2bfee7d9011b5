import { TroveSearchResults } from '../elements/TroveSearchResults.ts';
import { bootChunk, type LoaderHandoff } from './bootChunk.ts';

/** Chunk of the standalone script that defines `<trove-search-results>`. */
export default (handoff: LoaderHandoff) => bootChunk('trove-search-results', TroveSearchResults, handoff);

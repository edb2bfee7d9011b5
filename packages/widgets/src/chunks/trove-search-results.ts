import { TroveSearchResults } from '../elements/TroveSearchResults.ts';
import { bootChunk, type LoaderHandoff } from './bootChunk.ts';

/** Chunk of the standalone script with the implementation of `<trove-search-results>`. */
export default (handoff: LoaderHandoff) => bootChunk(TroveSearchResults, handoff);

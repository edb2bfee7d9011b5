import { TroveRelatedPosts } from '../elements/TroveRelatedPosts.ts';
import { bootChunk, type LoaderHandoff } from './bootChunk.ts';

/** Chunk of the standalone script with the implementation of `<trove-related-posts>`. */
export default (handoff: LoaderHandoff) => bootChunk(TroveRelatedPosts, handoff);

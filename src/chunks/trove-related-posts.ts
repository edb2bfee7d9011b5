import { TroveRelatedPosts } from '../elements/TroveRelatedPosts.ts';
import { bootChunk, type LoaderHandoff } from './bootChunk.ts';

/** Chunk of the standalone script that defines `<trove-related-posts>`. */
export default (handoff: LoaderHandoff) => bootChunk('trove-related-posts', TroveRelatedPosts, handoff);

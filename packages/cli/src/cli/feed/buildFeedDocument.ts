import { documentId } from 'trove-search-client';
import { buildDocument, type ItemFields } from '../buildDocument.ts';
import type { FeedContext, MappedItem } from '../types.ts';

/**
 * A feed item's document (buildDocument.ts), by the rules RSS, Atom and JSON Feed items share: its
 * id is its link's, else its own (`fallbackId`, also kept on the item, so that items sharing one
 * link are told apart: collectDocuments.ts); its authors are its own, else the feed's.
 */
export function buildFeedDocument(
  label: string,
  { fallbackId, ...fields }: Omit<ItemFields, 'id'> & { fallbackId: number | undefined },
  context: FeedContext,
  warnings: string[],
  missingIdReason: string,
): MappedItem {
  const built = buildDocument(
    label,
    { ...fields, id: documentId(fields.url) ?? fallbackId, author: fields.author?.length ? fields.author : context.feedAuthors },
    warnings,
    missingIdReason,
  );
  return fallbackId === undefined || built.document === undefined ? built : { ...built, fallbackId };
}

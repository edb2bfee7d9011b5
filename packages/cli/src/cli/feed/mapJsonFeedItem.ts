import { documentId } from 'trove-search-client';
import { cleanText, distinct, itemLabel } from '../buildDocument.ts';
import { buildFeedDocument } from './buildFeedDocument.ts';
import { dateField } from './dateField.ts';
import { htmlToPlainText } from './htmlToPlainText.ts';
import { resolveItemLink } from './itemLink.ts';
import { toSafeUrl } from '../toSafeUrl.ts';
import type { FeedContext, MappedItem } from '../types.ts';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** Author names from a JSON Feed 1.1 `authors` array or a 1.0 `author` object. */
export function jsonFeedAuthors(holder: Record<string, unknown>): string[] {
  const authors = Array.isArray(holder.authors) ? holder.authors : holder.author !== undefined ? [holder.author] : [];
  return distinct(
    authors.map((author) => (author !== null && typeof author === 'object' ? str((author as Record<string, unknown>).name) : undefined)),
  );
}

/**
 * Maps a JSON Feed 1.1 item (1.0 items too) to a document:
 * - `title` → title; `content_html` (reduced to text), else `content_text`, else `summary` → content;
 * - image: `image`, else `banner_image`, else an image attachment, else the first `<img>` of `content_html`;
 * - `url`, else `external_url` → url; `tags` → tags; `authors` (1.0: `author`), else the feed's → author;
 *   `date_published`, else `date_modified` → date;
 * - id: `documentId` of the url (what `<trove-related-posts>` computes on the post's page); when
 *   other items share that url, of the `id` (`fallbackId`).
 */
export function mapJsonFeedItem(value: unknown, position: number, context: FeedContext): MappedItem {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { label: `item ${position}`, skipped: 'is not an object', warnings: [] };
  }
  const item = value as Record<string, unknown>;
  const warnings: string[] = [];
  const title = cleanText(str(item.title));
  const ownId = typeof item.id === 'number' ? String(item.id) : str(item.id);
  const rawUrl = str(item.url) ?? str(item.external_url);
  const { url, warning } = resolveItemLink(rawUrl, context.base, context);
  if (warning !== undefined) warnings.push(warning.replace(/^link/, 'url'));
  const label = itemLabel('item', position, title, ownId ?? rawUrl);

  const html = str(item.content_html);
  const converted = html === undefined ? undefined : htmlToPlainText(html);
  const content = (converted?.text || undefined) ?? str(item.content_text) ?? cleanText(str(item.summary));

  const attachments = Array.isArray(item.attachments) ? (item.attachments as unknown[]) : [];
  const attachmentImage = attachments
    .map((a) => (a !== null && typeof a === 'object' ? (a as Record<string, unknown>) : {}))
    .find((a) => typeof a.mime_type === 'string' && a.mime_type.startsWith('image/') && str(a.url) !== undefined);
  const imageCandidate = str(item.image) ?? str(item.banner_image) ?? str(attachmentImage?.url) ?? converted?.firstImage;
  const image = toSafeUrl(imageCandidate, context.base);
  if (imageCandidate !== undefined && image === undefined) warnings.push(`image "${imageCandidate}" is not an http(s) URL; left out`);

  const date = dateField(str(item.date_published) ?? str(item.date_modified), warnings);

  const authors = jsonFeedAuthors(item);
  const fallbackId = documentId(ownId ?? rawUrl);
  return buildFeedDocument(
    label,
    {
      fallbackId,
      title,
      content,
      url,
      image,
      tags: Array.isArray(item.tags) ? distinct(item.tags.map((tag) => (typeof tag === 'string' ? tag : undefined))) : undefined,
      author: authors,
      date,
    },
    context,
    warnings,
    'has no id and no url to derive a stable id from',
  );
}

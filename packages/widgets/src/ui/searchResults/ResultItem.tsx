import { useState } from 'preact/hooks';
import type { SearchResult } from 'trove-search-client';
import type { SelectHow } from '../../core/Controller.ts';
import { formatDate } from '../formatDate.ts';
import { Highlight } from '../Highlight.tsx';
import { linkClick } from '../linkClick.ts';
import { passageLink } from '../passageLink.ts';
import { snippet } from './snippet.ts';

export interface ResultItemProps {
  result: SearchResult;
  query: string;
  locale: string;
  untitled: string;
  /** 1-based position in the whole list (marked on the item, so the reader can be brought back to it). */
  position?: number;
  /** The title link was clicked; `false` stops the browser's navigation. */
  onSelect?(how: SelectHow): boolean;
  /** Link to the passage that matched (a text fragment where the browser has them); default true. */
  textFragment?: boolean;
  /** The link (`href`, as written) is being followed in this tab (`keyboard`: activated with Enter, not a pointer). */
  onOpen?(keyboard: boolean, href: string): void;
}

/**
 * One result: the title as a link to its `url` (plain text when the URL is unsafe), date and
 * categories, a snippet of the content around the first match with the query highlighted, and
 * the image (fixed size, lazy, hidden when it fails to load). The link opens the post at the
 * passage that matched (`passageLink`). Everything is rendered as text.
 */
export function ResultItem({ result, query, locale, untitled, position, textFragment = true, onSelect, onOpen }: ResultItemProps) {
  const [imageFailed, setImageFailed] = useState(false);
  // `api/` already blanked unsafe addresses and made every field its type.
  const image = imageFailed ? undefined : result.image;
  const title = result.title.trim() ? result.title : untitled;
  const date = formatDate(result.date, locale);
  const categories = result.categories?.filter(Boolean) ?? [];
  const text = snippet(result.content, query);
  const href = passageLink(result.url, query, [text, title], textFragment) || undefined;
  const follow = (event: MouseEvent) => {
    const how = linkClick(event);
    if (how && onSelect?.(how) === false) event.preventDefault();
    // A click that Enter made has no pointer behind it: `detail` (the click count) is 0, or in
    // Firefox (which counts 1) its `pointerType` is empty.
    else if (how?.viaLink && href) onOpen?.(!event.detail || (event as PointerEvent).pointerType === '', href);
  };
  return (
    <li part="result" class="result" data-position={position}>
      <div class="result-body">
        <h3 part="result-title" class="result-title" dir="auto">
          {href ? (
            <a part="result-link" href={href} onClick={follow} onAuxClick={follow}>
              <Highlight text={title} query={query} />
            </a>
          ) : (
            <Highlight text={title} query={query} />
          )}
        </h3>
        {(date || categories.length > 0) && (
          <p part="result-meta" class="result-meta">
            {date && (
              <time part="result-date" dateTime={result.date.slice(0, 10)}>
                {date}
              </time>
            )}
            {categories.map((category) => (
              <span key={category} part="result-category" class="result-category">
                {category}
              </span>
            ))}
          </p>
        )}
        {text && (
          <p part="result-snippet" class="result-snippet" dir="auto">
            <Highlight text={text} query={query} />
          </p>
        )}
      </div>
      {image && (
        <img
          part="result-image"
          class="result-image"
          src={image}
          alt=""
          width={112}
          height={84}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      )}
    </li>
  );
}

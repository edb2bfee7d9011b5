import { paginationItems } from '../../core/paginationItems.ts';

export interface PaginationProps {
  page: number;
  pages: number;
  onPage(page: number): void;
  texts: { nav: string; previous: string; next: string; page(n: number): string };
  formatNumber(n: number): string;
}

/**
 * Pagination: previous/next and page numbers with gaps (1 … 9 10 11 … 20) in a labelled `<nav>`;
 * the current page has `aria-current="page"`. Nothing when everything fits on one page.
 */
export function Pagination({ page, pages, onPage, texts, formatNumber }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav part="pagination" class="pagination" aria-label={texts.nav}>
      <ul>
        <li>
          <button type="button" part="page-previous" class="page page-step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <span aria-hidden="true">‹</span> <span class="step-text">{texts.previous}</span>
          </button>
        </li>
        {paginationItems(page, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap${i}`} part="page-gap" class="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                part={item === page ? 'page page-current' : 'page'}
                class="page"
                aria-current={item === page ? 'page' : undefined}
                aria-label={texts.page(item)}
                onClick={() => item !== page && onPage(item)}
              >
                {formatNumber(item)}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" part="page-next" class="page page-step" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            <span class="step-text">{texts.next}</span> <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

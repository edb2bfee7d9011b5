import { useState } from 'preact/hooks';
import type { FacetBucket } from 'trove-search-client';

export interface FacetGroupProps {
  /** Facet name, for ids and parts. */
  name: string;
  heading: string;
  buckets: FacetBucket<string | number>[];
  /** Is this bucket's filter active? */
  isActive(value: string | number): boolean;
  onToggle(value: string | number): void;
  /** Buckets shown before "show more". */
  visible?: number;
  formatCount(count: number): string;
  showMore(hidden: number): string;
  showLess: string;
}

/**
 * A facet group: its buckets as toggle buttons (`aria-pressed`) with their counts; a long group
 * shows its first `visible` buckets (and any active one) behind a "show more" button.
 */
export function FacetGroup({ name, heading, buckets, isActive, onToggle, visible = 6, formatCount, showMore, showLess }: FacetGroupProps) {
  const [expanded, setExpanded] = useState(false);
  // A bucket without a label cannot be shown (`api/` made values strings, or numbers for years).
  const usable = buckets.filter((bucket) => (typeof bucket.value === 'string' ? bucket.value.trim() : true));
  if (usable.length === 0) return null;
  const collapsible = usable.length > visible + 1;
  const shown = expanded || !collapsible ? usable : usable.filter((bucket, i) => i < visible || isActive(bucket.value));
  const id = `trove-facet-${name}`;
  return (
    <section part="facet-group" class="facet-group" aria-labelledby={id}>
      <h3 part="facet-heading" class="facet-heading" id={id}>
        {heading}
      </h3>
      <ul part="facet-list" class="facet-list" id={`${id}-list`}>
        {shown.map((bucket) => {
          const active = isActive(bucket.value);
          return (
            <li key={String(bucket.value)}>
              <button
                type="button"
                part={active ? 'facet-chip facet-chip-active' : 'facet-chip'}
                class="chip facet-chip"
                aria-pressed={active ? 'true' : 'false'}
                onClick={() => onToggle(bucket.value)}
              >
                <span class="facet-value">{String(bucket.value)}</span>
                <span part="facet-count" class="facet-count">
                  {formatCount(bucket.count)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {collapsible && (
        <button
          type="button"
          part="facet-more"
          class="link-button facet-more"
          aria-expanded={expanded ? 'true' : 'false'}
          aria-controls={`${id}-list`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? showLess : showMore(usable.length - shown.length)}
        </button>
      )}
    </section>
  );
}

import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import type {} from '../../src/jsx-preact.ts';
import type { TroveSelectEvent } from '../../src/elements/events.ts';

describe('the Preact JSX typings', () => {
  it('type the Trove tags and their event props', () => {
    const selected: string[] = [];
    const onSelect = (event: TroveSelectEvent) => selected.push(String(event.detail.position));
    const root = document.createElement('div');
    render(
      <>
        <trove-search-box placeholder="Search" results-url="/search" min-chars={2} ontrove-select={onSelect} />
        <trove-search-results limit={5} no-url-sync />
        <trove-related-posts doc-id="42" layout="grid" eager />
      </>,
      root,
    );
    expect(root.querySelector('trove-related-posts')?.getAttribute('doc-id')).toBe('42');
    // @ts-expect-error layout is list or grid
    void (<trove-related-posts doc-id="1" layout="carousel" />);
  });
});

import { describe, expect, it } from 'vitest';
import { placingSettings, readPlacingConfig, readScriptConfig } from '../../src/elements/readScriptConfig.ts';

/** The tag, parsed but never run (a template's content is inert). */
function script(attributes: string): HTMLScriptElement {
  const template = document.createElement('template');
  template.innerHTML = `<script src="/trove.js" ${attributes}></script>`;
  return template.content.querySelector('script')!;
}

describe('readPlacingConfig', () => {
  it('reads the takeover, the selector and every other data-related-* as an attribute of related posts', () => {
    const config = readPlacingConfig(
      script(
        'data-take-over-search data-related-after=".gh-content" data-related-limit="3" data-related-doc-title="X" data-project="demo"',
      ),
    );
    expect(config).toEqual({ takeOverSearch: true, relatedAfter: '.gh-content', related: { limit: '3', 'doc-title': 'X' } });
  });

  it('reads data-take-over-search="off" and "false" as off, and nothing when the settings are absent', () => {
    expect(readPlacingConfig(script('data-take-over-search="off"'))).toEqual({ takeOverSearch: false });
    expect(readPlacingConfig(script('data-take-over-search="false"'))).toEqual({ takeOverSearch: false });
    expect(readPlacingConfig(script('data-project="demo"'))).toEqual({});
  });

  it('names the settings the loader looks for as the script tag spells them in its dataset', () => {
    const tag = script('data-take-over-search data-related-after="article"');
    for (const key of placingSettings) expect(key in tag.dataset, key).toBe(true);
  });

  it('keeps the placing settings out of the connection settings', () => {
    expect(readScriptConfig(script('data-take-over-search data-related-after="article" data-project="demo"'))).toEqual({ project: 'demo' });
  });
});

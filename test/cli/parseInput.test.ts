import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/cli/parseInput.ts';
import { stableId } from '../../src/cli/stableId.ts';
import { collectDocuments } from '../../src/cli/collectDocuments.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const docs = (text: string, source = 'input') => parseInput(text, source).items.map((item) => item.document);

describe('parseInput: RSS 2.0', () => {
  const parsed = parseInput(fixture('blog.rss.xml'), 'blog.rss.xml');
  const [tide, nets, gulls, empty] = parsed.items;

  it('recognises the feed from its content', () => {
    expect(parsed.format).toBe('rss');
    expect(parsed.items).toHaveLength(4);
  });

  it('maps title, content text, url, categories, creator and date', () => {
    expect(tide!.document).toEqual({
      id: stableId('https://harbour.example.org/?p=1017'),
      title: 'Tide tables & why they lie',
      content: 'Predictions\n\nTables are predictions, wind moves water.',
      url: 'https://harbour.example.org/2024/03/tide-tables',
      image: 'https://harbour.example.org/uploads/tide.jpg',
      category: ['Sea', 'Almanac'],
      author: ['Maren Holt'],
      date: '2024-03-05T13:30:00.000Z',
    });
  });

  it('prefers content:encoded, drops scripts and takes the first <img> when the item names no image', () => {
    expect(tide!.document!.content).not.toContain('alert');
    expect(tide!.document!.content).not.toContain('A short summary');
    expect(tide!.document!.image).toBe('https://harbour.example.org/uploads/tide.jpg');
  });

  it('keeps a numeric guid as the id and resolves a relative link against the channel link', () => {
    expect(nets!.document).toMatchObject({
      id: 2041,
      url: 'https://harbour.example.org/2024/02/mending-nets',
      content: 'Knots & patience.',
    });
  });

  it('takes the image enclosure, not the audio one, and the name from an RSS author', () => {
    expect(nets!.document!.image).toBe('https://cdn.example.org/nets.png');
    expect(nets!.document!.author).toEqual(['Ola Brun']);
  });

  it('reads Media RSS under any prefix, derives the id from the link without a guid, and warns about a bad date', () => {
    expect(gulls!.document).toMatchObject({
      id: stableId('https://harbour.example.org/2024/01/gulls'),
      image: 'https://cdn.example.org/gulls.webp',
    });
    expect(gulls!.document!.date).toBeUndefined();
    expect(gulls!.warnings).toEqual(['date "not a date" is not a date; left out']);
  });

  it('skips an item with no title and no content, naming it', () => {
    expect(empty).toEqual({ label: 'item 4 (https://harbour.example.org/?p=9)', skipped: 'has no title and no content', warnings: [] });
  });

  it('reads unescaped HTML inside a description', () => {
    const [doc] = docs(
      `<rss version="2.0"><channel><item><title>T</title><guid>1</guid><description>Hello <b>bold</b> <img src="https://x.example/i.png"/> world</description></item></channel></rss>`,
    );
    expect(doc).toMatchObject({ content: 'Hello bold world', image: 'https://x.example/i.png' });
  });

  it('leaves out javascript: links and images and reduces a hostile title to its text', () => {
    const [item] = parseInput(
      `<rss version="2.0"><channel><item><title>&lt;img src=x onerror=alert(1)&gt;Hi &amp;lt;b&amp;gt;</title><link>javascript:alert(1)</link><guid isPermaLink="false">g</guid><description>&lt;img src="javascript:alert(2)"&gt;text</description></item></channel></rss>`,
      'x',
    ).items;
    expect(item!.document).toEqual({ id: stableId('g'), title: 'Hi <b>', content: 'text' });
    expect(item!.warnings).toEqual([
      'link "javascript:alert(1)" is not an http(s) URL; not used',
      'image "javascript:alert(2)" is not an http(s) URL; left out',
    ]);
  });

  it('reads an RSS 1.0 (RDF) feed', () => {
    const parsedRdf = parseInput(fixture('blog.rdf.xml'), 'blog.rdf.xml');
    expect(parsedRdf.format).toBe('rdf');
    expect(parsedRdf.items[0]!.document).toEqual({
      id: stableId('https://old.example.com/1'),
      title: 'RDF item',
      content: 'Old & gold',
      url: 'https://old.example.com/1',
      category: ['History'],
      author: ['Sam'],
      date: '2003-12-13T18:30:02.000Z',
    });
  });
});

describe('parseInput: Atom', () => {
  const parsed = parseInput(fixture('blog.atom.xml'), 'blog.atom.xml');
  const [chisels, bench, glue] = parsed.items.map((item) => item.document!);

  it('maps an HTML entry: title and content reduced to text, enclosure image, categories, authors, published date', () => {
    expect(parsed.format).toBe('atom');
    expect(chisels).toEqual({
      id: stableId('tag:workshop.example.net,2024:chisels'),
      title: 'Sharpening chisels',
      content: 'Start with a coarse stone.',
      url: 'https://workshop.example.net/log/chisels',
      image: 'https://workshop.example.net/img/chisel.jpg',
      category: ['Hand tools', 'steel'],
      author: ['Tomas Reyes', 'Ines Valdés'],
      date: '2024-04-01T07:15:00.000Z',
    });
  });

  it('reads XHTML content, its first image, the feed author and the updated date', () => {
    expect(bench).toEqual({
      id: stableId('tag:workshop.example.net,2024:bench'),
      title: "A bench of one's own",
      content: 'Build the bench first, then everything else.',
      url: 'https://workshop.example.net/log/bench',
      image: 'https://workshop.example.net/img/bench.png',
      author: ['Ines Valdés'],
      date: '2024-03-20T18:00:00.000Z',
    });
  });

  it('falls back to the summary and a media thumbnail, and keeps a numeric id', () => {
    expect(glue).toMatchObject({
      id: 7,
      content: 'Hide glue for repairs, PVA for speed.',
      image: 'https://workshop.example.net/img/glue.jpg',
    });
  });
});

describe('parseInput: JSON Feed 1.1', () => {
  const parsed = parseInput(fixture('blog.feed.json'), 'blog.feed.json');
  const [pruning, grafting, cider, empty] = parsed.items;

  it('maps content_html, image, tags, item authors and the publication date', () => {
    expect(parsed.format).toBe('jsonfeed');
    expect(pruning!.document).toEqual({
      id: stableId('https://orchard.example.com/pruning'),
      title: 'Pruning in the cold',
      content: 'Cut above the bud.',
      url: 'https://orchard.example.com/pruning',
      image: 'https://orchard.example.com/img/prune.jpg',
      tags: ['trees', 'winter'],
      author: ['Karl Ek'],
      date: '2024-01-10T12:00:00.000Z',
    });
  });

  it('reads content_text, a 1.0 author, a numeric id and a relative url', () => {
    expect(grafting!.document).toMatchObject({
      id: 88,
      content: 'Whip and tongue.',
      url: 'https://orchard.example.com/grafting',
      author: ['Old Style Author'],
    });
  });

  it('falls back to summary, external_url, an image attachment and the feed authors', () => {
    expect(cider!.document).toEqual({
      id: stableId('cider-notes'),
      content: 'Apples, yeast, patience.',
      url: 'https://elsewhere.example/cider',
      image: 'https://orchard.example.com/img/cider.png',
      author: ['Pia Lund'],
    });
    expect(empty!.skipped).toBe('has no title and no content');
  });
});

describe('parseInput: JSON documents', () => {
  const parsed = parseInput(fixture('documents.json'), 'documents.json');
  const byPosition = (n: number) => parsed.items[n - 1]!;

  it('reads a JSON array of v2 documents, numeric string ids as numbers, authors as author', () => {
    expect(parsed.format).toBe('json');
    expect(byPosition(1).document).toEqual({
      id: 1,
      title: 'First post',
      content: 'Hello',
      url: '/posts/1/first',
      tags: ['a'],
      category: ['News'],
      author: ['Ann'],
      date: '2024-05-01T00:00:00.000Z',
    });
    expect(byPosition(2).document).toEqual({ id: 2, title: 'Second post', category: ['Single'], author: ['Ben'] });
  });

  it('derives stable ids for string ids and for documents with only a url', () => {
    expect(byPosition(3).document).toEqual({ id: stableId('post-three'), content: 'No title but content' });
    expect(byPosition(3).warnings).toEqual(['unknown field "extra" left out']);
    expect(byPosition(4).document!.id).toBe(stableId('https://example.com/four'));
  });

  it('skips documents of the wrong shape with a reason naming the field', () => {
    expect(byPosition(5)).toMatchObject({
      label: 'document 5 "Bad tags"',
      skipped: 'field "category" must be a list of strings, not [1,2]',
    });
    expect(byPosition(6)).toMatchObject({ label: 'document 6 (id 6)', skipped: 'has no title and no content' });
    expect(byPosition(7).skipped).toBe('id 7.5 is not a non-negative whole number');
    expect(byPosition(8)).toMatchObject({ label: 'document 8', skipped: 'is not an object (got string)' });
    expect(byPosition(9).skipped).toBe('date "someday" is not an ISO 8601 date');
  });

  it('drops a javascript: url and keeps a hostile title as text', () => {
    expect(byPosition(10).document).toEqual({ id: 10, title: 'Hostile <img src=x onerror=alert(1)>' });
    expect(byPosition(10).warnings[0]).toContain('javascript:alert(1)');
  });

  it('reads NDJSON line by line, naming lines', () => {
    const nd = parseInput(fixture('documents.ndjson'), 'documents.ndjson');
    expect(nd.format).toBe('ndjson');
    expect(nd.items.map((i) => i.document ?? i.label)).toEqual([
      { id: 11, title: 'Line one' },
      { id: 12, content: 'Line three' },
      'line 4 (id 13)',
    ]);
  });

  it('reads a single JSON object as one document', () => {
    expect(docs('{"id": 3, "title": "Only"}')).toEqual([{ id: 3, title: 'Only' }]);
  });
});

describe('parseInput: detection and bad input', () => {
  it('detects the format from the content, ignoring a byte order mark and leading space', () => {
    expect(parseInput('\uFEFF\n  <feed xmlns="http://www.w3.org/2005/Atom"></feed>', 'feed.json').format).toBe('atom');
    expect(parseInput('[]', 'feed.xml').format).toBe('json');
  });

  it('reports malformed XML with its line and column', () => {
    expect(() => parseInput('<rss version="2.0">\n<channel>\n<item></channel></rss>', 'feed.xml')).toThrow(
      /^feed\.xml is not well-formed XML: .*item.* \(line 3, column \d+\)$/,
    );
  });

  it('reports invalid JSON and the NDJSON line that is not JSON', () => {
    expect(() => parseInput('[{"id": 1,}]', 'docs.json')).toThrow(/^docs\.json is not valid JSON: /);
    expect(() => parseInput('{"id": 1, "title": "a"}\n{"id": 2, oops}\n', 'docs.ndjson')).toThrow(
      /^docs\.ndjson: line 2 is not valid JSON: /,
    );
    expect(() => parseInput('{\n  "id": 1,\n  oops\n}', 'doc.json')).toThrow(/^doc\.json is not valid JSON: /);
  });

  it('refuses an HTML page, other XML, unknown text and empty input with a clear message', () => {
    expect(() => parseInput('<!DOCTYPE html><html><body>hi</body></html>', 'https://blog.example/')).toThrow(/is an HTML page, not a feed/);
    expect(() => parseInput('<?xml version="1.0"?><svg></svg>', 'x.xml')).toThrow(
      'x.xml is XML with root <svg>, not an RSS 2.0 or Atom feed',
    );
    expect(() => parseInput('title,content\na,b', 'x.csv')).toThrow(
      'x.csv is not a JSON array, NDJSON, RSS, Atom or JSON Feed (it starts with "title,content a,b")',
    );
    expect(() => parseInput('  \n', 'x')).toThrow('x is empty');
    expect(() => parseInput('{"version": "https://jsonfeed.org/version/1.1"}', 'f.json')).toThrow(
      'f.json is a JSON Feed without an "items" list',
    );
  });

  it('does not expand entities declared in a DOCTYPE', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><rss version="2.0"><channel><item><title>&b;&b;</title><guid>1</guid></item></channel></rss>`;
    const title = docs(bomb)[0]?.title ?? '';
    expect(title.length).toBeLessThan(50);
  });
});

describe('collectDocuments', () => {
  it('sends a repeated id once and skips the repeat, naming the first item', () => {
    const feed = `<rss version="2.0"><channel>
      <item><title>One</title><guid>https://x.example/1</guid></item>
      <item><title>One again</title><guid>https://x.example/1</guid></item>
    </channel></rss>`;
    const collected = collectDocuments(parseInput(feed, 'f').items);
    expect(collected.documents.map((d) => d.title)).toEqual(['One']);
    expect(collected.skipped).toEqual([
      { label: 'item 2 "One again"', reason: `has the same id ${stableId('https://x.example/1')} as item 1 "One"` },
    ]);
  });
});

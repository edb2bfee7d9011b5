/**
 * Feeds as the platforms publish them (fixtures in fixtures/feeds/, written after the real
 * formats, trimmed to a few items): the documents each must give.
 */
import { describe, expect, it } from 'vitest';
import { collectDocuments } from '../../src/cli/collectDocuments.ts';
import { parseInput } from '../../src/cli/feed/parseInput.ts';
import { readInput } from '../../src/cli/readInput.ts';
import { documentId } from 'trove-search-client';

const feeds = new URL('./fixtures/feeds/', import.meta.url).pathname;

async function load(name: string) {
  const input = await readInput(name, { fetch: globalThis.fetch, cwd: feeds });
  const parsed = parseInput(input.text, input.source, input.url);
  return { ...parsed, inputWarnings: input.warnings, documents: parsed.items.map((item) => item.document) };
}

describe('WordPress (wordpress.com, blank lines before the XML declaration)', async () => {
  const feed = await load('wordpress.rss.xml');

  it('reads numeric character references in titles and categories, and picks the post image over the Gravatar', () => {
    expect(feed.documents[0]).toEqual({
      id: documentId('https://allotmentdiaries.wordpress.com/2024/03/05/dont-sow-too-early/'),
      title: 'Don’t sow too early & other lessons',
      content: 'March is a liar 😉. The soil is still cold.\n\nWait for the blackthorn to flower.',
      url: 'https://allotmentdiaries.wordpress.com/2024/03/05/dont-sow-too-early/',
      image: 'https://allotmentdiaries.files.wordpress.com/2024/03/beds.jpg',
      category: ['Sowing', 'Beans & peas'],
      author: ['Hetty Marsh'],
      date: '2024-03-05T14:00:00.000Z',
    });
  });

  it('gives no image to a post whose only pictures are the stats pixel and the author Gravatar', () => {
    expect(feed.documents[1]).toEqual({
      id: documentId('https://allotmentdiaries.wordpress.com/2024/02/20/slugs-a-truce/'),
      title: 'Slugs: a truce',
      content: 'Beer traps work, mostly.',
      url: 'https://allotmentdiaries.wordpress.com/2024/02/20/slugs-a-truce/',
      category: ['Pests'],
      author: ['Hetty Marsh'],
      date: '2024-02-20T09:30:00.000Z',
    });
  });
});

describe('Ghost', async () => {
  const feed = await load('ghost.rss.xml');

  it('strips the HTML Ghost leaves in a CDATA title and takes the media:content image', () => {
    expect(feed.documents).toEqual([
      {
        id: documentId('https://quietcompiler.ghost.io/incremental-builds/'),
        title: 'Incremental builds, honestly',
        content: 'A cache key is every input.\n\nhash(sources, flags, toolchain)',
        url: 'https://quietcompiler.ghost.io/incremental-builds/',
        image: 'https://quietcompiler.ghost.io/content/images/2024/03/cache.png',
        category: ['Build tools', 'Caching'],
        author: ['Ada Lindqvist'],
        date: '2024-03-05T14:00:00.000Z',
      },
      {
        id: documentId('https://quietcompiler.ghost.io/linkers/'),
        title: 'Linkers & loaders',
        content: 'A reading list.',
        url: 'https://quietcompiler.ghost.io/linkers/',
        author: ['Ada Lindqvist, Bo Strand'],
        date: '2024-02-26T08:00:00.000Z',
      },
    ]);
  });
});

describe('Blogger through FeedBurner (Atom)', async () => {
  const feed = await load('blogger-feedburner.atom.xml');

  it('links to feedburner:origLink, decodes the twice-escaped title, and takes the media thumbnail, not the pixel', () => {
    expect(feed.documents[0]).toEqual({
      id: documentId('https://purlharbour.blogspot.com/2024/03/heel-flaps.html'),
      title: 'Heel flaps & gussets',
      content: 'Slip the first stitch.',
      url: 'https://purlharbour.blogspot.com/2024/03/heel-flaps.html',
      image: 'https://blogger.googleusercontent.com/img/b/R29vZ2xl/s72-c/heel.jpg',
      category: ['socks'],
      author: ['Morag'],
      date: '2024-03-05T14:00:00.000Z',
    });
  });

  it('gives no image when the content holds only FeedFlare buttons and the ~4 pixel, and no FeedFlare text', () => {
    expect(feed.documents[1]).toEqual({
      id: documentId('https://purlharbour.blogspot.com/2024/02/blocking.html'),
      title: 'Blocking, or not',
      content: 'Steam is enough for wool.',
      url: 'https://purlharbour.blogspot.com/2024/02/blocking.html',
      author: ['Morag'],
      date: '2024-02-28T03:30:00.000Z',
    });
  });
});

describe('Substack', async () => {
  const feed = await load('substack.rss.xml');

  it('takes the image enclosure and leaves the sign-up box out of the content', () => {
    expect(feed.documents[0]).toEqual({
      id: documentId('https://tidewater.substack.com/p/salt-marsh-spring-tide'),
      title: 'Salt marsh, spring tide',
      content: 'The moon pulls twice a month.',
      url: 'https://tidewater.substack.com/p/salt-marsh-spring-tide',
      image:
        'https://substackcdn.com/image/fetch/w_1456,c_limit,f_jpg,q_auto:good,fl_progressive:steep/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2Fmarsh.jpg',
      author: ['Nell Achebe'],
      date: '2024-03-05T14:30:12.000Z',
    });
  });

  it('takes the itunes:image of a podcast post, not its audio enclosure', () => {
    expect(feed.documents[1]).toMatchObject({
      title: 'Episode 4: Eelgrass',
      image: 'https://substackcdn.com/feed/podcast/141/ep4.jpg',
      author: ['Nell Achebe'],
    });
  });
});

describe('Medium', async () => {
  const feed = await load('medium.rss.xml');

  it('takes the figure, not the _/stat pixel, and gives no image when the pixel is the only one', () => {
    expect(feed.documents[0]).toEqual({
      id: documentId('https://medium.com/@ravimenon/postgres-indexes-you-forgot-9a8b7c6d5e4f?source=rss-5f1e2d3c4b5a------2'),
      title: 'Postgres indexes you forgot you had',
      content: 'Postgres indexes you forgot you had\n\npg_stat_user_indexes, sorted\n\nEvery unused index slows every write.',
      url: 'https://medium.com/@ravimenon/postgres-indexes-you-forgot-9a8b7c6d5e4f?source=rss-5f1e2d3c4b5a------2',
      image: 'https://cdn-images-1.medium.com/max/1024/1*Qw3rTy.png',
      category: ['postgresql', 'database'],
      author: ['Ravi Menon'],
      date: '2024-03-05T14:55:21.000Z',
    });
    expect(feed.documents[1]).not.toHaveProperty('image');
    expect(feed.documents[1]).toMatchObject({ title: 'Ten lines of SQL', content: 'Window functions replace most loops.' });
  });
});

describe('YouTube (Atom with media:group)', async () => {
  const feed = await load('youtube.atom.xml');

  it('reads the text from media:description and the picture from media:thumbnail', () => {
    expect(feed.documents).toEqual([
      {
        id: documentId('https://www.youtube.com/watch?v=dQ4w9WgXcQz'),
        title: 'Turning a bowl from green wood (part 2)',
        content: 'Roughing out the inside.\nTools: bowl gouge, scraper.',
        url: 'https://www.youtube.com/watch?v=dQ4w9WgXcQz',
        image: 'https://i2.ytimg.com/vi/dQ4w9WgXcQz/hqdefault.jpg',
        author: ['Lathe Lessons'],
        date: '2024-03-05T14:00:07.000Z',
      },
    ]);
  });
});

describe('Podcast (RSS with iTunes tags)', async () => {
  const feed = await load('podcast.rss.xml');
  const [latest, keepers, nurses] = feed.items;

  it('reads the episode itunes:image and itunes:author, and an EST date', () => {
    expect(latest!.document).toEqual({
      id: documentId('https://nightshift.example.fm/730'),
      title: 'Ep. 730 – The bakery at 3 a.m.',
      content: 'Flour, ovens and a radio.',
      url: 'https://nightshift.example.fm/730',
      image: 'https://cdn.nightshift.example.fm/ep730.jpg',
      author: ['Dele Ade'],
      date: '2024-03-05T14:00:00.000Z',
    });
  });

  it("falls back to the channel's itunes:image and itunes:author, and to itunes:summary for the text", () => {
    expect(keepers!.document).toMatchObject({
      title: 'Ep. 729 – Lighthouse keepers',
      content: 'There are still a few.',
      image: 'https://cdn.nightshift.example.fm/show-3000.jpg',
      author: ['Dele & Ines'],
      date: '2024-02-27T07:00:00.000Z',
    });
  });

  it('indexes two guid-less episodes that share a link, with ids from the link and the enclosure', () => {
    const { documents } = collectDocuments(feed.items);
    expect(documents.find((d) => d.title === keepers!.document!.title)!.id).toBe(
      documentId('https://nightshift.example.fm/ https://cdn.nightshift.example.fm/audio/729.mp3'),
    );
    expect(documents.find((d) => d.title === nurses!.document!.title)!.id).toBe(
      documentId('https://nightshift.example.fm/ https://cdn.nightshift.example.fm/audio/728.mp3'),
    );
    expect(documents).toHaveLength(3);
  });

  it('leaves out an impossible date with a warning naming the item', () => {
    expect(nurses!.document).not.toHaveProperty('date');
    const { warnings } = collectDocuments(feed.items);
    expect(warnings).toEqual([
      {
        label: 'item 3 "Ep. 728 – Night nurses"',
        message: 'date "Sat, 31 Feb 2024 08:00:00 GMT" is an impossible date (February 2024 has 29 days); left out',
      },
    ]);
  });
});

describe('RSS 1.0 (RDF) classifieds', async () => {
  const feed = await load('classifieds.rdf.xml');

  it('gives plain-text titles (no <sup>, no &#x0024;), the enc:enclosure image and dc:date in UTC', () => {
    expect(feed.format).toBe('rdf');
    expect(feed.documents).toEqual([
      {
        id: documentId('https://sfbay.example-classifieds.org/eby/apa/d/oakland-sunny-craftsman/7712345678.html'),
        title: 'sunny craftsman near lake (oakland rockridge / temescal) $4300 3bd 1930ft2',
        content: 'Hardwood floors, garden, W/D in unit. [...]',
        url: 'https://sfbay.example-classifieds.org/eby/apa/d/oakland-sunny-craftsman/7712345678.html',
        image: 'https://images.example-classifieds.org/00a0a_craftsman_300x300.jpg',
        date: '2024-03-05T14:12:09.000Z',
      },
      {
        id: documentId('https://sfbay.example-classifieds.org/eby/apa/d/berkeley-studio/7712345679.html'),
        title: 'studio by campus (berkeley) $1895 1ft2 & parking',
        content: 'Quiet. No pets.',
        url: 'https://sfbay.example-classifieds.org/eby/apa/d/berkeley-studio/7712345679.html',
        date: '2024-03-05T05:40:00.000Z',
      },
    ]);
  });
});

describe('A Latin-1 news feed', async () => {
  const feed = await load('news-latin1.rss.xml');

  it('decodes ISO-8859-1 as the XML declaration says, without a warning', () => {
    expect(feed.inputWarnings).toEqual([]);
    expect(feed.documents[0]).toEqual({
      id: documentId('https://www.jornaldaribeira.example.pt/sociedade/mae-de-utente-e-a-nova-presidente'),
      title: 'Mãe de utente é a nova presidente da Raríssimas',
      content: 'A associação elegeu ontem a nova direção, após meses de tensão.',
      url: 'https://www.jornaldaribeira.example.pt/sociedade/mae-de-utente-e-a-nova-presidente',
      image: 'https://img.jornaldaribeira.example.pt/2024/03/assembleia.jpg',
      category: ['Sociedade'],
      author: ['Inês Conceição'],
      date: '2024-03-05T14:00:00.000Z',
    });
  });

  it('decodes HTML entities XML does not know (&eacute;) and reads WET', () => {
    expect(feed.documents[1]).toMatchObject({ title: 'Café crème volta ao Chiado', date: '2024-03-05T15:30:00.000Z' });
  });
});

describe('GitHub releases (Atom with relative links)', async () => {
  const feed = await load('github-releases.atom.xml');

  it("resolves relative links and images against the feed's link and passes over the avatar thumbnail", () => {
    expect(feed.documents).toEqual([
      {
        id: documentId('https://github.com/lumen-dev/tarn/releases/tag/v2.1.0'),
        title: 'v2.1.0',
        content: "What's Changed\n\n * Faster cold start by @mira-k in #88\n\nFull Changelog: v2.0.3...v2.1.0",
        url: 'https://github.com/lumen-dev/tarn/releases/tag/v2.1.0',
        image: 'https://github.com/lumen-dev/tarn/raw/main/docs/startup.png',
        author: ['mira-k'],
        date: '2024-03-05T14:00:00.000Z',
      },
      {
        id: documentId('https://github.com/lumen-dev/tarn/releases/tag/v2.0.3'),
        title: 'v2.0.3',
        content: 'Fixes a crash on empty config.',
        url: 'https://github.com/lumen-dev/tarn/releases/tag/v2.0.3',
        author: ['octo-bot'],
        date: '2024-02-20T09:15:30.000Z',
      },
    ]);
  });
});

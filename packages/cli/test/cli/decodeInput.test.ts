import { describe, expect, it } from 'vitest';
import { decodeInput } from '../../src/cli/decodeInput.ts';

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const title = 'Mãe de utente é a nova presidente da Raríssimas';

describe('decodeInput', () => {
  it('decodes the charset of the XML declaration', () => {
    const decoded = decodeInput(latin1(`<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>${title}</title></rss>`));
    expect(decoded.text).toContain(title);
    expect(decoded).toMatchObject({ encoding: 'windows-1252', warnings: [] });
  });

  it('decodes the windows-1252 bytes Node leaves as control characters (curly quotes, €)', () => {
    const bytes = new Uint8Array([
      ...latin1('<?xml version="1.0" encoding="windows-1252"?><t>'),
      0x93,
      0x80,
      0x35,
      0x94,
      0x85,
      ...latin1('</t>'),
    ]);
    expect(decodeInput(bytes).text).toBe('<?xml version="1.0" encoding="windows-1252"?><t>“€5”…</t>');
  });

  it('lets the XML declaration win over the HTTP charset, which wins over a byte order mark', () => {
    const declared = latin1(`<?xml version="1.0" encoding="iso-8859-1"?><t>${title}</t>`);
    expect(decodeInput(declared, 'application/rss+xml; charset=utf-8').text).toContain(title);
    const undeclared = latin1(`<t>${title}</t>`);
    expect(decodeInput(undeclared, 'text/xml; charset="ISO-8859-1"')).toMatchObject({ text: `<t>${title}</t>`, warnings: [] });
    const bomThenLatin1 = new Uint8Array([0xef, 0xbb, 0xbf, ...latin1('<t>é</t>')]);
    expect(decodeInput(bomThenLatin1, 'text/xml; charset=iso-8859-1').text).toBe('<t>é</t>');
  });

  it('follows a byte order mark when nothing is declared (UTF-8 and UTF-16)', () => {
    expect(decodeInput(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<t>é</t>')])).text).toBe('<t>é</t>');
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('<?xml version="1.0" encoding="UTF-16"?><t>é</t>', 'utf16le')]);
    expect(decodeInput(utf16)).toMatchObject({
      text: '<?xml version="1.0" encoding="UTF-16"?><t>é</t>',
      encoding: 'utf-16le',
      warnings: [],
    });
  });

  it('reads valid UTF-8 as UTF-8 without a warning', () => {
    expect(decodeInput(utf8(`<t>${title} 😉</t>`))).toEqual({ text: `<t>${title} 😉</t>`, encoding: 'utf-8', warnings: [] });
  });

  it('reads undeclared bytes that are not UTF-8 as windows-1252, with a warning', () => {
    const decoded = decodeInput(new Uint8Array([...latin1('<t>'), 0x80, ...latin1(' é</t>')]));
    expect(decoded).toEqual({
      text: '<t>€ é</t>',
      encoding: 'windows-1252',
      warnings: ['declares no charset and is not valid UTF-8; read as windows-1252 (as browsers do)'],
    });
  });

  it('ignores an unknown charset label with a warning, and a UTF-16 declaration in bytes that are ASCII', () => {
    expect(decodeInput(utf8('<?xml version="1.0" encoding="klingon-8"?><t>é</t>'))).toMatchObject({
      text: '<?xml version="1.0" encoding="klingon-8"?><t>é</t>',
      warnings: ['the XML declaration names the charset "klingon-8", which is unknown; ignored'],
    });
    expect(decodeInput(utf8('<?xml version="1.0" encoding="UTF-16"?><t>é</t>'))).toMatchObject({
      encoding: 'utf-8',
      warnings: ['the XML declaration names the charset "UTF-16", which is not what the bytes are; ignored'],
    });
  });

  it('replaces bytes that are not UTF-8 in a feed declared UTF-8, naming the line of the first', () => {
    const bytes = new Uint8Array([...utf8('<?xml version="1.0" encoding="UTF-8"?>\n<t>\nCaf'), 0xe9, ...utf8('</t>')]);
    expect(decodeInput(bytes)).toEqual({
      text: '<?xml version="1.0" encoding="UTF-8"?>\n<t>\nCaf\uFFFD</t>',
      encoding: 'utf-8',
      warnings: ['is declared UTF-8 but has bytes that are not UTF-8 (the first on line 3); they were replaced with "\uFFFD"'],
    });
  });
});

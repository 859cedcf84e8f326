import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as a reader would extract it: fonts embedded as subsets
 * show glyph ids, so each text run is mapped back through its font's ToUnicode
 * table. Enough for what our PDFs hold (one Type0 font per face, `Tf`, `Tj`, `TJ`);
 * a test can then check that a name, Cyrillic included, is really on the page.
 */
export function pdfText(pdf: Uint8Array): string {
  const source = Buffer.from(pdf).toString('latin1');
  const objects = new Map<number, { dict: string; stream?: string }>();
  for (const [, number, body] of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)\s*endobj/g)) {
    const parts = body!.match(/^([\s\S]*?)stream\r?\n([\s\S]*)\nendstream$/);
    // Images hold no text, and their binary data may end in a \r that the pattern above takes for the line break.
    if (!parts || /\/Subtype \/Image\b/.test(parts[1]!)) {
      objects.set(Number(number), { dict: parts?.[1] ?? body! });
      continue;
    }
    // The data is /Length bytes: compressed text may end in a \r too, which is no part of the line break.
    const length = /\/Length (\d+)(?! \d+ R)/.exec(parts[1]!)?.[1];
    const raw = Buffer.from(length ? parts[2]!.slice(0, Number(length)) : parts[2]!.replace(/\r$/, ''), 'latin1');
    const stream = /\/FlateDecode/.test(parts[1]!) ? inflateSync(raw).toString('latin1') : parts[2]!;
    objects.set(Number(number), { dict: parts[1]!, stream });
  }

  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  const cmapOf = (text: string): Map<number, string> => {
    const map = new Map<number, string>();
    for (const [, block] of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, code, unicode] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) map.set(parseInt(code!, 16), utf16(unicode!));
    for (const [, block] of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, low, high, target] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
        const start = parseInt(low!, 16);
        const targets = [...target!.matchAll(/<([0-9a-f]+)>/gi)].map(([, hex]) => hex!);
        for (let code = start; code <= parseInt(high!, 16); code += 1) {
          if (target!.startsWith('[')) map.set(code, utf16(targets[code - start] ?? ''));
          else map.set(code, String.fromCharCode(parseInt(targets[0]!, 16) + code - start));
        }
      }
    }
    return map;
  };

  // Font resource names (F1, F2, …) → the ToUnicode table of the font object they name.
  const fonts = new Map<string, Map<number, string>>();
  for (const [, name, number] of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const unicodeRef = objects.get(Number(number))?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1];
    const cmap = unicodeRef && objects.get(Number(unicodeRef))?.stream;
    if (cmap) fonts.set(name!, cmapOf(cmap));
  }

  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let font = new Map<number, string>();
    let line = '';
    for (const [, fontName, runs, single] of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[^\]])*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (fontName) {
        font = fonts.get(fontName) ?? new Map();
        continue;
      }
      const hexes = runs !== undefined ? [...runs.matchAll(/<([0-9a-f]*)>/gi)].map(([, hex]) => hex!) : [single!];
      for (const hex of hexes) for (let i = 0; i + 4 <= hex.length; i += 4) line += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      lines.push(line);
      line = '';
    }
  }
  return lines.join('\n');
}

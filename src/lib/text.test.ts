import { describe, expect, it } from 'vitest';
import { cleanLink, cleanMultiline, cleanName, withoutControls } from './text';

const codePoints = (text: string) =>
  Array.from(text, (char) => `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`);

describe('cleanName', () => {
  it('removes every direction control', () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    for (const control of controls) {
      expect(cleanName(`Ad${control}min`), codePoints(control).join()).toBe('Admin');
    }
    // An override shows "nimda" as "admin", and reverses whatever a screen writes after the name.
    expect(cleanName('Alice \u202Enimda')).toBe('Alice nimda');
  });

  it('removes zero-width and other invisible characters', () => {
    for (const hidden of ['\u200B', '\u2060', '\u2061', '\u2064', '\uFEFF', '\u00AD', '\u3164', '\uFFA0']) {
      expect(cleanName(`Jo${hidden}hn`), codePoints(hidden).join()).toBe('John');
    }
    // Tag characters can spell out a hidden text ("ignore this") inside an innocent-looking name.
    const hiddenText = Array.from('ignore', (char) =>
      String.fromCodePoint(0xe0000 + char.charCodeAt(0)),
    ).join('');
    expect(cleanName(`Bob${hiddenText}`)).toBe('Bob');
  });

  it('comes out empty for a name made only of invisible characters and spaces', () => {
    expect(cleanName('\u200B\u202E\u2066\uFEFF \u200D\u200C\u00A0\u3164')).toBe('');
  });

  it('keeps joiners where a script or an emoji needs them', () => {
    // Persian: the non-joiner keeps "می" and "خواهم" apart without a space.
    expect(cleanName('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    // Emoji sequences: technologist, rainbow flag (with its variation selector), a family.
    for (const emoji of ['👩\u200D💻', '🏳\uFE0F\u200D🌈', '👨\u200D👩\u200D👧']) {
      expect(cleanName(`Sam ${emoji}`)).toBe(`Sam ${emoji}`);
    }
    // Devanagari: virama + joiner asks for the half form.
    expect(cleanName('क्\u200Dष')).toBe('क्\u200Dष');
  });

  it('drops joiners that join nothing or sit inside plain ASCII', () => {
    expect(cleanName('ad\u200Dmin')).toBe('admin');
    expect(cleanName('ad\u200Cmin')).toBe('admin');
    expect(cleanName('\u200Dمریم\u200C')).toBe('مریم');
    expect(cleanName('می\u200C\u200Cخواهم')).toBe('میخواهم');
    expect(cleanName('😀\u200D ')).toBe('😀');
  });

  it('turns line breaks and tabs into spaces and removes other controls', () => {
    expect(cleanName('Ada\nLovelace')).toBe('Ada Lovelace');
    expect(cleanName('Ada\r\nLovelace')).toBe('Ada Lovelace');
    expect(cleanName('Ada\tLovelace\u2028')).toBe('Ada Lovelace');
    expect(cleanName('Ada\u0000\u0007\u001B\u007F\u009BLovelace')).toBe('AdaLovelace');
  });

  it('composes accents, so one name typed two ways is stored one way', () => {
    expect(cleanName('Zoe\u0301')).toBe('Zoé');
    expect(cleanName('Zoe\u0301')).toBe(cleanName('Zo\u00E9'));
    expect(cleanName('Zoe\u200B\u0301')).toBe('Zoé');
  });

  it('gives back what it is given once a text is clean', () => {
    for (const name of ['Zoe\u200B\u0301', '\u202Eab\u200D\u200Dc', 'می\u200C\u200Bخواهم', ' a\n\u0000b ']) {
      expect(cleanName(cleanName(name))).toBe(cleanName(name));
    }
  });

  it('leaves ordinary names in any script alone, apart from trimming', () => {
    for (const name of [
      'José Ñúñez',
      'محمد علی',
      'שרה כהן',
      'Nguyễn Văn A',
      '王小明',
      "O'Brien-Smith",
      'Ana 😀',
    ]) {
      expect(cleanName(`  ${name} `)).toBe(name);
    }
  });
});

describe('cleanMultiline', () => {
  it('keeps paragraphs, tabs and direction marks, and removes the controls storage refuses', () => {
    expect(cleanMultiline(' First line\r\nsecond\rthird\u2028fourth\tend ')).toBe(
      'First line\nsecond\nthird\nfourth\tend',
    );
    expect(cleanMultiline('a\u0000b\u0008c\u009Bd')).toBe('abcd');
    expect(cleanMultiline('English \u200Fעברית\u200E.')).toBe('English \u200Fעברית\u200E.');
  });
});

describe('cleanLink', () => {
  it('removes invisible characters, direction controls, joiners and controls anywhere', () => {
    expect(cleanLink('\u200Bhttps://example.com/a\u200Bb\u200D\n')).toBe('https://example.com/ab');
    expect(cleanLink('https://evil.example/\u202Emoc.elpmaxe')).toBe('https://evil.example/moc.elpmaxe');
    expect(cleanLink('java\tscript:alert(1)')).toBe('javascript:alert(1)');
    expect(cleanLink('https://example.com/\u0000')).toBe('https://example.com/');
  });
});

describe('withoutControls', () => {
  it('removes controls only', () => {
    expect(withoutControls('abc\u0000\n\u007F-1 \u200B')).toBe('abc-1 \u200B');
  });
});

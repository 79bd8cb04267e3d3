import { describe, expect, it } from 'vitest';
import { directionalRuns, isRightToLeft, needsActualText, pdfScriptOf, textRuns } from './pdf-script.rules.js';

describe('PDF script rules', () => {
  it('draws Chinese and Japanese with the CJK font, Latin mixed with them too', () => {
    expect(pdfScriptOf('过敏史')).toBe('cjk');
    expect(pdfScriptOf('アレルギー')).toBe('cjk');
    expect(pdfScriptOf('山田 Hanako')).toBe('cjk');
  });

  it('draws Hindi with the Devanagari font and spells out its reading order', () => {
    expect(pdfScriptOf('प्रिया शर्मा')).toBe('devanagari');
    expect(needsActualText('प्रिया शर्मा')).toBe(true);
    expect(needsActualText('Priya Sharma')).toBe(false);
  });

  it('leaves Latin, Greek, Cyrillic, Vietnamese and Arabic to DejaVu Sans; Arabic and Hebrew run right to left', () => {
    for (const text of ['Łucja Wójcik', 'Ελένη', 'Ольга', 'Nguyễn Thị', 'فاطمة الزهراء']) expect(pdfScriptOf(text)).toBe('default');
    expect(isRightToLeft('فاطمة الزهراء')).toBe(true);
    expect(isRightToLeft('שלום')).toBe(true);
    expect(isRightToLeft('Ольга 3')).toBe(false);
  });

  it('splits a line into its left-to-right and right-to-left runs, keeping spaces and digits inside an Arabic run', () => {
    expect(directionalRuns('Yes — حساسية من الغبار')).toEqual([
      { text: 'Yes — ', rtl: false },
      { text: 'حساسية من الغبار', rtl: true },
    ]);
    expect(directionalRuns('فاطمة 3 الزهراء (Fatima)')).toEqual([
      { text: 'فاطمة 3 الزهراء', rtl: true },
      { text: ' (Fatima)', rtl: false },
    ]);
    expect(directionalRuns('Ольга')).toEqual([{ text: 'Ольга', rtl: false }]);
  });

  it('draws Bengali and Tamil with their own fonts, in runs apart from the Latin around them', () => {
    expect(needsActualText('রবীন্দ্রনাথ')).toBe(true);
    expect(textRuns('Yes — রবীন্দ্রনাথ ঠাকুর (Tagore)')).toEqual([
      { text: 'Yes — ', script: 'default', rtl: false },
      { text: 'রবীন্দ্রনাথ ঠাকুর', script: 'bengali', rtl: false },
      { text: ' (Tagore)', script: 'default', rtl: false },
    ]);
    expect(textRuns('தமிழ் கௌசல்யா')).toEqual([{ text: 'தமிழ் கௌசல்யா', script: 'tamil', rtl: false }]);
    expect(textRuns('Yes — حساسية')).toEqual([
      { text: 'Yes — ', script: 'default', rtl: false },
      { text: 'حساسية', script: 'default', rtl: true },
    ]);
    expect(textRuns('山田 Hanako')).toEqual([{ text: '山田 Hanako', script: 'cjk', rtl: false }]);
  });
});

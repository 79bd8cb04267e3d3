/**
 * Which font family a piece of text in a signed-form PDF is drawn with, by the scripts it holds.
 * DejaVu Sans covers Latin (Polish, Vietnamese…), Greek, Cyrillic and Arabic with precomposed
 * letters; Chinese and Japanese need a CJK font; Hindi (Devanagari), Bengali and Tamil an Indic
 * font each. Pure, tested.
 */

export type PdfScript = 'default' | 'cjk' | 'devanagari' | 'bengali' | 'tamil';

/** Han ideographs (with extension A and compatibility), kana, CJK punctuation, full-width forms. Not Hangul: Noto Sans SC has none. */
const CJK = /[\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
const BENGALI = /\p{Script=Bengali}/u;
const TAMIL = /\p{Script=Tamil}/u;
/** Right-to-left letters (Hebrew, Arabic and its supplements and presentation forms). */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
/** The Indic scripts drawn here: shaping reorders their glyphs. */
const INDIC = /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Tamil}]/u;
/**
 * Bengali and Tamil runs (letters of one of them, with the spaces and dandas between): their fonts
 * hold that script only, so the Latin, digits and punctuation around them are drawn with another.
 */
const OWN_FONT_RUN = /((?:\p{Script=Bengali}+(?:[\s\u0964\u0965]+\p{Script=Bengali}+)*)|(?:\p{Script=Tamil}+(?:\s+\p{Script=Tamil}+)*))/u;

/**
 * The family for a whole text: the CJK font when it holds CJK (its Latin is there too), the
 * Devanagari font when it holds Devanagari, otherwise DejaVu Sans. A text mixing CJK and
 * Devanagari gets the CJK font (the Devanagari in it would not be drawn; no field mixes them in practice).
 */
export function pdfScriptOf(text: string): PdfScript {
  if (CJK.test(text)) return 'cjk';
  if (DEVANAGARI.test(text)) return 'devanagari';
  if (BENGALI.test(text)) return 'bengali';
  if (TAMIL.test(text)) return 'tamil';
  return 'default';
}

/** Whether the text holds right-to-left letters: laid out as one run (fontkit shapes and orders it) and set flush right. */
export function isRightToLeft(text: string): boolean {
  return RTL.test(text);
}

/**
 * Whether a PDF reader needs the text's logical order spelled out (an ActualText span): Indic
 * shaping moves glyphs (the i-matra before its consonant, the reph after its cluster), so the
 * glyphs' order is not the reading order.
 */
export function needsActualText(text: string): boolean {
  return INDIC.test(text);
}

const RTL_RUN =
  /([\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]+(?:[\s\u060c\u061b\u061f.,:;!?()\-0-9\u0660-\u0669]+[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]+)*)/u;

/**
 * A line's directional runs in reading order: right-to-left stretches (letters with the spaces,
 * digits and punctuation between them) and the left-to-right text around them. Each run is laid
 * out on its own, so fontkit orders a right-to-left run right to left inside a left-to-right line
 * ("Yes — حساسية من الغبار"). Empty runs are dropped.
 */
export function directionalRuns(text: string): { text: string; rtl: boolean }[] {
  return text
    .split(RTL_RUN)
    .map((part, i) => ({ text: part, rtl: i % 2 === 1 }))
    .filter((r) => r.text.length > 0);
}

export interface TextRun {
  text: string;
  script: PdfScript;
  rtl: boolean;
}

/**
 * A text's runs in reading order, each drawn on its own with its own font: Bengali and Tamil
 * stretches apart from what surrounds them, right-to-left stretches apart from left-to-right text.
 * One run for a text that needs no split.
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  text.split(OWN_FONT_RUN).forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 1) runs.push({ text: part, script: pdfScriptOf(part), rtl: false });
    else for (const r of directionalRuns(part)) runs.push({ text: r.text, script: pdfScriptOf(r.text), rtl: r.rtl });
  });
  return runs;
}

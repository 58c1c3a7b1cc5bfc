/**
 * Number reading for prospectus prose and tables: "1,275,235", "$5.00", "2.7 million", "two million",
 * "four-fifths", "(1,234)". Blank placeholders of early drafts ("$[●]", "$ ", "[ ]") read as null.
 */

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 };

/** "two million" → 2000000, "one hundred twenty-five thousand" → 125000; null if not a number phrase. */
export function wordsToNumber(phrase: string): number | null {
  const words = phrase.toLowerCase().replace(/-/g, ' ').split(/\s+/).filter((w) => w && w !== 'and');
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words) {
    if (w in UNITS) {
      current += UNITS[w];
      seen = true;
    } else if (w === 'hundred') {
      current = (current || 1) * 100;
    } else if (w in SCALES) {
      total += (current || 1) * SCALES[w];
      current = 0;
      seen = true;
    } else {
      return null;
    }
  }
  return seen ? total + current : null;
}

const NUMBER_WORD = '(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)';
/** A count written in digits ("1,275,235", "2.7 million") or words ("two million"). */
export const COUNT_SRC = `(?:\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)(?:\\s+(?:million|billion|thousand))?|${NUMBER_WORD}(?:[\\s-]+(?:and\\s+)?${NUMBER_WORD})*`;

/** Parses a count: digits with separators, optional scale word, or a number in words. */
export function parseCount(s: string): number | null {
  const t = s.trim().toLowerCase();
  const m = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s+(million|billion|thousand))?$/.exec(t);
  if (m) {
    const base = Number(m[1].replace(/,/g, ''));
    const scale = m[2] ? SCALES[m[2]] : 1;
    return Number.isFinite(base) ? Math.round(base * scale) : null;
  }
  return wordsToNumber(t);
}

/** "$5.00" → 5, "$1.2 million" → 1200000, "(1,234)" → -1234; null for blanks and placeholders. */
export function parseMoney(s: string): number | null {
  const t = s.replace(/\s+/g, ' ').trim();
  if (isPlaceholder(t)) return null;
  const m = /^\(?\$?\s?\(?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?(?:\s+(million|billion|thousand))?\)?$/i.exec(t.replace(/\(\d\)$/, ''));
  if (!m) return null;
  const negative = t.startsWith('(') || t.startsWith('$(');
  const value = Number(m[1].replace(/,/g, '') + (m[2] ?? '')) * (m[3] ? SCALES[m[3].toLowerCase()] : 1);
  return negative ? -value : value;
}

/** Early drafts leave terms blank: `$[●]`, `[•]`, `$ `, `[ ]`, underscores. */
export function isPlaceholder(s: string): boolean {
  const t = s.trim();
  return t === '' || /^[$\s[\]●•_*.\-—–]*$/.test(t) || /[●•]|\[\s*\]|_{2,}/.test(t);
}

/** Fractions written in words, as in unit and warrant descriptions ("one-half", "four-fifths"). */
export function parseFractionWords(s: string): number | null {
  const m = /^(one|two|three|four|five)[\s-](half|halves|third|thirds|quarter|quarters|fourth|fourths|fifth|fifths|tenth|tenths)$/i.exec(s.trim());
  if (!m) return null;
  const num = UNITS[m[1].toLowerCase()];
  const den: Record<string, number> = { half: 2, halves: 2, third: 3, thirds: 3, quarter: 4, quarters: 4, fourth: 4, fourths: 4, fifth: 5, fifths: 5, tenth: 10, tenths: 10 };
  return num / den[m[2].toLowerCase()];
}

/** Multiplier a table header announces: "(in thousands, except per share data)". */
export function tableScale(headerText: string): number {
  if (/in thousands/i.test(headerText)) return 1e3;
  if (/in millions/i.test(headerText)) return 1e6;
  return 1;
}

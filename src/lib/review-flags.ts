/**
 * Review text that needs a look before it is published (issue #39): something that looks like a phone number, an
 * e-mail address or the full name of someone else. Pure and deliberately cautious (a flag asks a person to read the
 * review; it never hides anything by itself). Shared by the admin review list (the badge) and the moderation call
 * (publishing a flagged review needs the caller's explicit confirmation).
 *
 * Names: a run of two to four capitalised words (Latin script, diacritics included: 'Nguyễn Thị Hoa', 'Maria
 * Santos'), or one capitalised word after a personal title ('Mr Tan', 'chị Lan'), that is not one of the names the
 * review may name (its author, doctor, hospital, service). A two-word run opening a sentence is skipped ('Very
 * Good'): three words or a title are needed there. Scripts without capitals (Chinese, Thai) are not screened.
 */
export const REVIEW_FLAGS = ['phone', 'email', 'name'] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];

/** A national number (0 then 8 to 12 more digits) or an international one (+ then 8 to 14 digits), separators allowed. */
const PHONE = /(?:\+\s?\d(?:[\s.\-()]{0,2}\d){7,13}|(?<![\d.,])0(?:[\s.\-()]{0,2}\d){8,12})(?![\d])/u;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
const EMAIL_SPELLED = /[\p{L}\p{N}._%+-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[\p{L}\p{N}-]+\s*(?:\(dot\)|\[dot\]|\.|\sdot\s)\s*\p{L}{2,}/iu;
const WORD = /\p{Lu}[\p{Ll}\p{M}]+/u;
/** Titles that put a person's name after them (English, Vietnamese, Malay, Indonesian, Filipino). */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'anh', 'chị', 'chi', 'cô', 'bà', 'ông', 'em', 'bác', 'encik', 'puan', 'cik', 'bapak', 'pak', 'ibu', 'bu', 'mbak', 'mas', 'kak', 'gng', 'g', 'ate', 'kuya']);
/** Words that title-case often but name no one. */
const COMMON = new Set(['i', 'the', 'a', 'an', 'my', 'we', 'our', 'very', 'good', 'great', 'thank', 'thanks', 'thank you', 'hospital', 'clinic', 'doctor', 'bác sĩ', 'bệnh viện', 'phòng khám', 'rumah sakit', 'klinik']);

export interface FlagContext {
  /** Names the review may name without a flag: its author, the doctor, the hospital and the service. */
  knownNames?: readonly (string | null | undefined)[];
}

function normalizeName(s: string): string {
  return s.normalize('NFC').toLocaleLowerCase('en').replace(/[^\p{L}\p{M}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
}

/** Whether `candidate` is (part of) a known name, word for word. */
function isKnown(candidate: string, known: readonly string[]): boolean {
  const c = normalizeName(candidate);
  return known.some((k) => k === c || ` ${k} `.includes(` ${c} `));
}

function hasOtherName(text: string, ctx: FlagContext): boolean {
  const known = (ctx.knownNames ?? []).filter((n): n is string => !!n && n.trim() !== '').map(normalizeName);
  const capitalised = new RegExp(`^${WORD.source}$`, 'u');
  let run: string[] = [];
  let titled = false;
  let runStartsSentence = false;
  let sentenceStart = true;
  const closeRun = (): boolean => {
    const words = run.filter((w) => !COMMON.has(w.toLocaleLowerCase('en')));
    const enough = titled ? words.length >= 1 : words.length >= 2 && (!runStartsSentence || words.length >= 3);
    const found = enough && words.length <= 4 && !isKnown(words.join(' '), known) && !words.every((w) => isKnown(w, known));
    run = [];
    titled = false;
    return found;
  };
  for (const raw of text.normalize('NFC').split(/\s+/)) {
    if (raw === '') continue;
    const word = raw.replace(/^[("'“‘]+|[)"'”’,;:!?.]+$/gu, '');
    const lower = word.toLocaleLowerCase('en');
    const endsSentence = /[.!?]["'”’)]*$/u.test(raw) && !TITLES.has(lower);
    const breaks = endsSentence || /[,;:]["'”’)]*$/u.test(raw);
    if (TITLES.has(lower)) {
      if (run.length && closeRun()) return true;
      titled = true;
      runStartsSentence = false;
    } else if (capitalised.test(word)) {
      if (run.length === 0) runStartsSentence = sentenceStart && !titled;
      run.push(word);
    } else if ((run.length || titled) && closeRun()) {
      return true;
    }
    if (breaks && (run.length || titled) && closeRun()) return true;
    sentenceStart = endsSentence;
  }
  return (run.length > 0 || titled) && closeRun();
}

/** The flags of a review's text, in REVIEW_FLAGS order; empty when nothing needs a look. */
export function reviewFlags(text: string | null | undefined, ctx: FlagContext = {}): ReviewFlag[] {
  const t = (text ?? '').normalize('NFC');
  if (t.trim() === '') return [];
  const out: ReviewFlag[] = [];
  if (PHONE.test(t)) out.push('phone');
  if (EMAIL.test(t) || EMAIL_SPELLED.test(t)) out.push('email');
  if (hasOtherName(t, ctx)) out.push('name');
  return out;
}

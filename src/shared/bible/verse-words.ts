// The words of a verse as the study data counts them (decision 023): runs of letters, with an
// apostrophe inside a word ("LORD's") kept in it. The server's Strong's tagging and the reader
// split a verse the same way, so the nth word on screen is the nth word tagged.
const wordPattern = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;

/** Each word of the text with where it starts and ends. */
export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(wordPattern)].map((match) => ({
    word: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * A person's own words in Markdown, shown as they typed them (decision 026): the app shows notes
 * and entries as plain text, so characters Markdown would read as formatting, a link or HTML are
 * escaped with a backslash (CommonMark: any ASCII punctuation may be), and a line that would
 * start a heading, a quote, a list or a rule has its first character escaped. Line breaks are
 * kept (a trailing backslash is CommonMark's hard break).
 */
const inline = /[\\`*_[\]<>|~]/g;
const blockStart = /^(\s*)([#>+\-=]|\d+[.)])/;

export function markdownText(text: string): string {
  return text
    .replaceAll('\r\n', '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(inline, (character) => `\\${character}`)
        .replace(blockStart, (_match, space: string, start: string) =>
          /^\d/.test(start)
            ? `${space}${start.slice(0, -1)}\\${start.slice(-1)}`
            : `${space}\\${start}`,
        ),
    )
    .map((line, index, lines) =>
      index < lines.length - 1 && line.trim() !== '' && lines[index + 1]?.trim() !== ''
        ? `${line}\\`
        : line,
    )
    .join('\n');
}

/**
 * A quoted block, each line (a verse of a run) a paragraph of its own, escaped as markdownText()
 * escapes: a verse's words or a saved verse's text are shown as they are, never as formatting.
 */
export function markdownQuote(lines: readonly string[]): string {
  return lines.map((line) => (line.trim() === '' ? '>' : `> ${markdownText(line)}`)).join('\n>\n');
}

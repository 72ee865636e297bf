/** product §2: the reader opens at a chapter from its query string (book URL-encoded). */
export function readChapterHref(bookName: string, chapterNumber: number): string {
  return `/read-bible?book=${encodeURIComponent(bookName)}&chapter=${chapterNumber}`;
}

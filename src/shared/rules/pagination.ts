/**
 * Every list the API answers is a page (decision 012): newest first in a stable order (time, then
 * id), `limit` rows at most (`pageSizeDefault` unless asked), and an opaque `next_cursor` for
 * the next, older page.
 */
export const pageSizeDefault = 20;
export const pageSizeMax = 100;

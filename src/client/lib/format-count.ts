/**
 * A count with its thousands grouped ('1,189'), for the English text around it. Not
 * Intl.NumberFormat: the first one a page builds loads locale data, which took the reader's
 * start more main-thread time than anything else on the screen (at Lighthouse's 4x CPU
 * slowdown, 20-70 ms), for a few numbers.
 */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

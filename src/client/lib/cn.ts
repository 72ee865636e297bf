import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets a later Tailwind class override an earlier one. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's lookup tables, which its first call does (at Lighthouse's 4x CPU
 * slowdown about 60 ms). main.tsx calls this in a task of its own before hydrating a drawn
 * page, so that the cost does not lengthen the first slice of hydration.
 */
export function prepareClassMerging(): void {
  twMerge('');
}

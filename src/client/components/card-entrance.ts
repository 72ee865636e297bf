import type { CSSProperties } from 'react';
import './card-entrance.css';

/** The class that animates a list card in (only when motion is welcome: see the CSS). */
export const cardEnterClassName = 'card-enter';

/** product §9: a card appears 100 ms after the one before it (`index` is its place in the list). */
export function cardEnterStyle(index: number): CSSProperties {
  return { animationDelay: `${index * 100}ms` };
}

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { searchWith } from './address-params.ts';

/** A search asks the server (decision 012) once the person has stopped typing this long. */
export const searchDelayMs = 250;

/**
 * Sets query-string parameters of the address, each call starting from the last one's result:
 * React Router's own setter starts from the address as last drawn, so two changes made before
 * the next render (clearing the search and the chip at once) would undo each other.
 */
function useAddressParams() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  return (changes: Record<string, string | null>) => {
    const search = searchWith(latest.current, changes);
    const next = new URLSearchParams(search);
    if (next.toString() === latest.current.toString()) return;
    latest.current = next;
    void navigate(search || '?', { replace: true, preventScrollReset: true });
  };
}

/**
 * A search box's words: `text` follows every key press, `term` (trimmed) once typing has
 * stopped for `delayMs`; the term is kept in ?`name`= of the address, so that a reload or
 * coming back finds the same results. `setParam` sets another parameter of the address (a
 * filter chip) without undoing the search's.
 */
export function useUrlSearch(name = 'q', delayMs = searchDelayMs) {
  const [searchParams] = useSearchParams();
  const setParams = useAddressParams();
  const [text, setText] = useState(() => searchParams.get(name) ?? '');
  const [settled, setSettled] = useState(text);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  const term = settled.trim();
  const termInAddress = searchParams.get(name) ?? '';
  useEffect(() => {
    // setParams starts from the address it last set: a change already asked for is not repeated.
    if (term !== termInAddress) setParams({ [name]: term });
  }, [term, termInAddress, name, setParams]);

  return {
    text,
    term,
    setText,
    /** Empties the box and the search at once. */
    clear: () => {
      setText('');
      setSettled('');
    },
    setParam: (param: string, value: string | null) => setParams({ [param]: value }),
  };
}

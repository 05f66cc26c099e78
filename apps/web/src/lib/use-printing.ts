import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useMediaQuery } from './use-media-query.ts';

/**
 * Whether the page is being printed, so that what only a printout shows is
 * made only then. From 'beforeprint', drawn at once (the browser lays out the
 * printout right after the event), to 'afterprint'; and while print media is
 * shown (a print preview some browsers open without the events).
 */
export function usePrinting(): boolean {
  const [isPrinting, setIsPrinting] = useState(false);
  const isPrintMedia = useMediaQuery('print');
  useEffect(() => {
    const before = () => flushSync(() => setIsPrinting(true));
    const after = () => setIsPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return isPrinting || isPrintMedia;
}

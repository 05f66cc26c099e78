/**
 * Prints only the part of the page marked `data-print-area` (a printed code
 * in a dialog), not the screen behind it; global.css says how. The mark goes
 * once the browser has printed.
 */
export function printArea(): void {
  const root = document.documentElement;
  root.dataset.printing = 'area';
  window.addEventListener('afterprint', () => delete root.dataset.printing, { once: true });
  window.print();
}

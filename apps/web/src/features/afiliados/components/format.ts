/** 'yyyy-mm-dd' → 'dd/mm/yyyy' (es-AR); anything else as it came. */
export function formatFecha(iso: string | null | undefined): string {
  if (!iso) return '-';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

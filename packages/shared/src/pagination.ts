/**
 * Page numbers to show as buttons: at most `size` of them, centred on the current page
 * and shifted to stay within 1..totalPages (SPEC §9: 10 buttons in listings, 8 elsewhere).
 */
export function pageWindow(current: number, totalPages: number, size: number): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The pager appears only when there is more than one page (9+ products at 8 per page). */
export function showsPager(total: number, pageSize: number): boolean {
  return total > pageSize;
}

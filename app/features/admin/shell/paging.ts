/** Every admin list shows this many rows a page: the users list was set at 50, and the others follow it. */
export const ADMIN_PAGE_SIZE = 50;

/** ?page= as a positive whole number; anything else is the first page. */
export function pageFrom(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

export type Paged<T> = { rows: T[]; page: number; pageCount: number; total: number };

export function pageCountOf(total: number, size = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The same list address with another page, keeping the other query parameters (filters). */
export function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const s = params.toString();
  return s ? `?${s}` : "?";
}

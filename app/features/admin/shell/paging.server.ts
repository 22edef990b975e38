import { ADMIN_PAGE_SIZE, pageCountOf, type Paged } from "./paging";

/**
 * One page of an admin list: how many rows it holds, then that page's rows (LIMIT and OFFSET in the
 * list's indexed order). A page past the end shows the last one.
 */
export async function readPage<T>(
  page: number,
  total: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Paged<T>> {
  const counted = await total();
  const pageCount = pageCountOf(counted);
  const current = Math.min(page, pageCount);
  return { rows: await rows(ADMIN_PAGE_SIZE, (current - 1) * ADMIN_PAGE_SIZE), page: current, pageCount, total: counted };
}

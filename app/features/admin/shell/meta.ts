import type { MetaDescriptor } from "react-router";

/** Admin pages are private: a plain title and no indexing. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | WealthMatch Admin` }, { name: "robots", content: "noindex, nofollow" }];
}

/** The tags the sanitiser keeps in post content, for the editor's hint (the sanitiser itself is server-only). */
export const ALLOWED_TAG_LIST = "p, br, h1–h6, strong, em, u, a, ul, ol, li, blockquote, code, pre";

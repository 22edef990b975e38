/** A conform field's initial value as the text an input shows (conform hands back `unknown`). */
export const textValue = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** A conform field's initial value as the list a checkbox group shows. */
export const listValue = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];

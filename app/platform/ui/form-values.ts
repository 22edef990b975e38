/** A conform field's initial value as the text an input shows (conform hands back `unknown`). */
export const textValue = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

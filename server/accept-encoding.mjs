// What an Accept-Encoding header takes, for the page cache's kept pages.
const answers = new Map();

/** Whether `header` takes `coding` (listed, or by "*", and not with q=0). Each header is parsed once. */
export function acceptsEncoding(header, coding) {
  if (!header) return false;
  const key = `${coding}|${header}`;
  let known = answers.get(key);
  if (known === undefined) {
    known = parse(header, coding);
    // Browsers send a handful of distinct headers: a bound keeps odd ones from growing this.
    if (answers.size >= 128) answers.clear();
    answers.set(key, known);
  }
  return known;
}

function parse(header, coding) {
  let named;
  let star;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name.trim() === coding) named = weight;
    else if (name.trim() === "*") star = weight;
  }
  const weight = named ?? star ?? 0;
  return Number.isFinite(weight) && weight > 0;
}

export const acceptsGzip = (header) => acceptsEncoding(header, "gzip");
export const acceptsBrotli = (header) => acceptsEncoding(header, "br");

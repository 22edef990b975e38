/**
 * React Router's <Scripts/> puts a `<link rel="modulepreload">` in <head> for every script of the page,
 * so a phone fetches them all at once, alongside the stylesheet and fonts the first paint needs, and
 * Chrome runs them before it paints. Our pages are complete HTML that works without JavaScript: they
 * are sent without those links, and the module script at the end of <body> still loads every script,
 * after the page has painted (docs/decisions/027-scripts-after-first-paint.md).
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;

export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, "");
}

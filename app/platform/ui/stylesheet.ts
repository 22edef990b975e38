// The site's one stylesheet (Tailwind, app/app.css), by URL: root's Layout renders it with a React
// precedence so that it goes out before the script and font preloads in <head> (a browser on HTTP/1.1
// fetches six files at a time, and the page cannot paint before this one), and the refusal page links it.
import href from "~/app.css?url";

export const stylesheet = href;

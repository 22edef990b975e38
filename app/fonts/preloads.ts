// The two Latin font files every page renders its text with (app/app.css declares them). Preloading them
// lets the browser fetch them with the stylesheet instead of after it, so text swaps in sooner.
import inter from "./inter-latin-wght-400-700.woff2?url";
import sourceSerif from "./source-serif-4-latin-wght-400-700.woff2?url";

export const fontPreloads = [inter, sourceSerif].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous" as const,
}));

// `npm run fonts:subset`: writes the two font files the site ships (app/fonts/) from the @fontsource
// variable fonts, cut to what the pages use: the Latin characters app/app.css declares, and weights
// 400 to 700 (the weight axis is most of a variable font's size). Run it again after changing either;
// the files are committed, so builds do not depend on it.
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FONTS = [
  ["@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", "inter-latin-wght-400-700.woff2"],
  ["@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2", "source-serif-4-latin-wght-400-700.woff2"],
];
// The same list as the unicode-range of both @font-face rules in app/app.css.
const LATIN = [[0x20, 0xff], [0x131], [0x152, 0x153], [0x2bb, 0x2bc], [0x2c6], [0x2da], [0x2dc], [0x304], [0x308], [0x329], [0x2000, 0x206f], [0x20ac], [0x2122], [0x2191], [0x2193], [0x2212], [0x2215], [0xfeff], [0xfffd]];
const WEIGHTS = { min: 400, max: 700 };

let text = "";
for (const [from, to = from] of LATIN) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);

for (const [source, target] of FONTS) {
  const original = fs.readFileSync(path.join(ROOT, "node_modules", source));
  const subset = await subsetFont(original, text, { targetFormat: "woff2", variationAxes: { wght: WEIGHTS } });
  fs.writeFileSync(path.join(ROOT, "app/fonts", target), subset);
  console.log(`app/fonts/${target}: ${(original.length / 1024).toFixed(1)} KB -> ${(subset.length / 1024).toFixed(1)} KB`);
}

// Stands in for react-slick's dots (react-slick/lib/dots.js) in the browser
// bundle: the gallery draws none (gallerySettings: dots: false, which a unit
// test holds), and react-slick renders its Dots only when dots is true. About
// 1.5 kB gzip of the slider's part (docs/audit.md: each part at most 12,000 B).
// Turning dots on means taking this stand-in out of src/webpack/webpack-config.ts.
exports.Dots = function Dots() {
  throw new Error("react-slick's dots are not in the site's bundle: remove the stand-in src/webpack/stand-ins/no-slick-dots.js to use them")
}

// Stands in for json2mq in the browser bundle: react-slick calls it only for
// its `responsive` setting, which the gallery does not use (it reads its own
// breakpoints, useVisibleCount, and passes slidesToShow; a unit test holds
// that). Using `responsive` means taking this stand-in out of
// src/webpack/webpack-config.ts.
module.exports = function json2mq() {
  throw new Error("json2mq is not in the site's bundle (react-slick's responsive setting): remove the stand-in src/webpack/stand-ins/no-json2mq.js to use it")
}

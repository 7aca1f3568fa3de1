/**
 * Webpack loader for @phosphor-icons/react's icon definitions
 * (dist/defs/<Icon>.es.js). Each holds a Map of six weights, of which the site
 * draws one ("regular", the default). Keeping only that entry cuts the icons'
 * share of every page's JavaScript by about four fifths. If the package's
 * layout changes so that no "regular" entry is found, the source is returned
 * untouched (bigger, never broken).
 */
const OTHER_WEIGHT = /\[\s*"(?:thin|light|bold|fill|duotone)",[\s\S]*?\n {2}\],?/g

function keepRegularWeight(source) {
  if (!source.includes('"regular"')) return source
  const trimmed = source.replace(OTHER_WEIGHT, "").replace(/,(\s*\]\);)/, "$1")
  return trimmed.includes('"regular"') ? trimmed : source
}

module.exports = function phosphorRegularLoader(source) {
  return keepRegularWeight(source)
}
module.exports.keepRegularWeight = keepRegularWeight

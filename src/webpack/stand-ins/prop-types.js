// Stands in for prop-types in the production browser bundle (Gatsby's link and
// router declare propTypes): React ignores propTypes in production, and the
// package's production build is already a set of shims that do nothing; these
// are the same shims without the table of every type's name (about 0.3 kB gzip
// of the scripts every page loads). A validator called directly returns
// itself, so arrayOf(string).isRequired still reads as a validator.
function shim() {
  return shim
}
shim.isRequired = shim
const names = [
  "array",
  "bigint",
  "bool",
  "func",
  "number",
  "object",
  "string",
  "symbol",
  "any",
  "arrayOf",
  "element",
  "elementType",
  "instanceOf",
  "node",
  "objectOf",
  "oneOf",
  "oneOfType",
  "shape",
  "exact",
  "checkPropTypes",
  "resetWarningCache",
]
const PropTypes = Object.fromEntries(names.map((name) => [name, shim]))
PropTypes.PropTypes = PropTypes
module.exports = PropTypes

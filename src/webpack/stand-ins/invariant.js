// Stands in for invariant in the production browser bundle (Gatsby's router
// imports it): the same throw with the same message, without the package's
// %s formatting and its long fallback text, which the router's calls never use
// (each passes a finished message).
module.exports = function invariant(condition, message) {
  if (condition) return
  const error = new Error(message)
  error.name = "Invariant Violation"
  throw error
}

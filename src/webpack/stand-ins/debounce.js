// Stands in for lodash.debounce in the browser bundle (imported by react-slick,
// which only calls debounce(fn, wait) and .cancel()): the same trailing-edge
// behaviour in a few lines instead of lodash's 10 kB of options it never uses.
module.exports = function debounce(fn, wait) {
  let timer
  function debounced(...args) {
    clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      fn.apply(this, args)
    }, wait)
  }
  debounced.cancel = () => {
    clearTimeout(timer)
    timer = undefined
  }
  return debounced
}

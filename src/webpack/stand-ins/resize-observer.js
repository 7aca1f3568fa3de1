// Stands in for resize-observer-polyfill (imported by react-slick): the
// browser's own ResizeObserver, or, while rendering on the server, an
// observer that observes nothing.
//
// In the browser it drops the notification every ResizeObserver sends right
// after observe(). react-slick observes its list in componentDidMount, in the
// same task in which it has just measured it, so that first notification
// carries the size react-slick already has, yet it re-measured and re-rendered
// the carousel once more (a forced layout and a long task after hydration).
// Every later change of size is delivered as before.
class ServerResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// A wrapper rather than a subclass: the browser bundle is transpiled, and a
// transpiled subclass of a DOM class cannot be constructed.
function browserResizeObserver(Native) {
  function ChangesOnlyResizeObserver(callback) {
    const fresh = new WeakSet()
    this.fresh = fresh
    this.native = new Native((entries) => {
      const changes = entries.filter((entry) => !fresh.delete(entry.target))
      if (changes.length > 0) callback(changes, this)
    })
  }
  ChangesOnlyResizeObserver.prototype.observe = function observe(target, options) {
    this.fresh.add(target)
    this.native.observe(target, options)
  }
  ChangesOnlyResizeObserver.prototype.unobserve = function unobserve(target) {
    this.fresh.delete(target)
    this.native.unobserve(target)
  }
  ChangesOnlyResizeObserver.prototype.disconnect = function disconnect() {
    this.native.disconnect()
  }
  return ChangesOnlyResizeObserver
}

module.exports = typeof window !== "undefined" && window.ResizeObserver ? browserResizeObserver(window.ResizeObserver) : ServerResizeObserver

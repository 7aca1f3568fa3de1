// Stands in for resize-observer-polyfill (imported by react-slick): the
// browser's own ResizeObserver, or, while rendering on the server, an
// observer that observes nothing.
class ServerResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

module.exports = typeof window !== "undefined" && window.ResizeObserver ? window.ResizeObserver : ServerResizeObserver

import "@testing-library/jest-dom"

// react-slick (through enquire.js) and useReducedMotion read media queries;
// jsdom has no matchMedia. Every query answers "no match" unless a test says otherwise.
// Tests that run in Node (`@jest-environment node`, the forms' store against a
// local Netlify Blobs server, which needs Node's fetch) have no window.
if (typeof window !== "undefined") {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  })
}

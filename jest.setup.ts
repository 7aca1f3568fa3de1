import "@testing-library/jest-dom"

// react-slick (through enquire.js) and useReducedMotion read media queries;
// jsdom has no matchMedia. Every query answers "no match" unless a test says otherwise.
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

/** The stand-ins the browser bundle uses instead of whole packages: debounce and ResizeObserver, and Gatsby's unused plugins. */
import fs from "fs"
import path from "path"

describe("the debounce that replaces lodash.debounce in the browser bundle", () => {
  const debounce = require("../../src/webpack/stand-ins/debounce.js") as (
    fn: (...args: unknown[]) => void,
    wait: number,
  ) => ((...args: unknown[]) => void) & { cancel: () => void }

  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("calls once, wait ms after the last call, with the last arguments", () => {
    const fn = jest.fn()
    const debounced = debounce(fn, 50)
    debounced(1)
    jest.advanceTimersByTime(30)
    debounced(2)
    jest.advanceTimersByTime(49)
    expect(fn).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenCalledWith(2)
  })

  it("cancel drops the pending call", () => {
    const fn = jest.fn()
    const debounced = debounce(fn, 50)
    debounced()
    debounced.cancel()
    jest.advanceTimersByTime(100)
    expect(fn).not.toHaveBeenCalled()
  })
})

describe("the ResizeObserver that replaces resize-observer-polyfill in the browser bundle", () => {
  type Callback = (entries: { target: object }[], observer: unknown) => void
  const delivered: Callback[] = []
  class NativeResizeObserver {
    constructor(callback: Callback) {
      delivered.push(callback)
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  }

  afterEach(() => {
    delete (window as { ResizeObserver?: unknown }).ResizeObserver
    jest.resetModules()
  })

  it("drops the notification right after observe() and delivers every later one", () => {
    ;(window as { ResizeObserver?: unknown }).ResizeObserver = NativeResizeObserver
    const Observer = require("../../src/webpack/stand-ins/resize-observer.js") as new (callback: Callback) => { observe: (target: object) => void }
    const callback = jest.fn()
    const observer = new Observer(callback)
    const a = {}
    const b = {}
    observer.observe(a)
    const notify = delivered.at(-1)!
    notify([{ target: a }], undefined)
    expect(callback).not.toHaveBeenCalled()
    observer.observe(b)
    notify([{ target: a }, { target: b }], undefined)
    expect(callback).toHaveBeenCalledTimes(1)
    // the wrapper, not the browser's observer, is what the callback is given
    expect(callback.mock.calls[0]).toEqual([[{ target: a }], observer])
    notify([{ target: b }], undefined)
    expect(callback).toHaveBeenCalledTimes(2)
  })

  it("observes nothing where there is no ResizeObserver (server rendering)", () => {
    const Observer = require("../../src/webpack/stand-ins/resize-observer.js") as new () => { observe: () => void; disconnect: () => void }
    expect(() => new Observer().observe()).not.toThrow()
  })
})

describe("the empty stand-in for Gatsby's service-worker registration", () => {
  it("stands in only while nothing registers a service worker: no plugin and not gatsby-browser implements registerServiceWorker", () => {
    const fs = require("fs") as typeof import("fs")
    const path = require("path") as typeof import("path")
    const root = path.resolve(__dirname, "../..")
    expect(fs.readFileSync(path.join(root, "gatsby-browser.ts"), "utf8")).not.toMatch(/registerServiceWorker/)
    const config = require("../../gatsby-config").default as { plugins: (string | { resolve: string })[] }
    for (const plugin of config.plugins.map((entry) => (typeof entry === "string" ? entry : entry.resolve))) {
      const browser = path.join(root, "node_modules", plugin, "gatsby-browser.js")
      if (fs.existsSync(browser)) expect([plugin, /registerServiceWorker/.test(fs.readFileSync(browser, "utf8"))]).toEqual([plugin, false])
    }
    expect(require("../../src/webpack/stand-ins/no-service-worker.js")).toEqual({})
  })
})

describe("the empty stand-in for Gatsby's partytown plugin in the production browser bundle", () => {
  const root = path.resolve(__dirname, "../..")
  const { onCreateWebpackConfig, partytownBrowserPlugin } = require("../../src/webpack/webpack-config") as typeof import("../../src/webpack/webpack-config")
  const PARTYTOWN_BROWSER_PLUGIN = partytownBrowserPlugin()

  /** The aliases onCreateWebpackConfig sets for one stage */
  function aliasesFor(stage: string): Record<string, string> {
    const setWebpackConfig = jest.fn()
    const hook = onCreateWebpackConfig as unknown as (args: object) => void
    hook({ stage, actions: { setWebpackConfig, replaceWebpackConfig: jest.fn() }, getConfig: () => ({ plugins: [] }) })
    return setWebpackConfig.mock.calls[0][0].resolve.alias
  }

  it("stands in for the plugin only in the production browser bundle: gatsby develop keeps it", () => {
    expect(fs.existsSync(PARTYTOWN_BROWSER_PLUGIN)).toBe(true)
    expect(aliasesFor("build-javascript")[PARTYTOWN_BROWSER_PLUGIN]).toBe(path.join(root, "src/webpack/stand-ins/no-partytown.js"))
    for (const stage of ["develop", "develop-html", "build-html"]) expect([stage, aliasesFor(stage)[PARTYTOWN_BROWSER_PLUGIN]]).toEqual([stage, undefined])
    expect(require("../../src/webpack/stand-ins/no-partytown.js")).toEqual({})
  })

  it("leaves out nothing a production page runs: the plugin's one browser API does nothing outside development", () => {
    const plugin = require(PARTYTOWN_BROWSER_PLUGIN) as Record<string, unknown>
    expect(Object.keys(plugin).filter((name) => name !== "__esModule")).toEqual(["onInitialClientRender"])
    const { collectedScriptsByPage } = require("gatsby-script") as { collectedScriptsByPage: Map<string, unknown[]> }
    collectedScriptsByPage.set(window.location.pathname, [{ id: "third-party", src: "https://example.com/a.js", forward: ["dataLayer.push"] }])
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = "production"
    try {
      ;(plugin.onInitialClientRender as () => void)()
    } finally {
      process.env.NODE_ENV = nodeEnv
    }
    // in development it would have written Partytown's snippet into the head and forgotten the page's scripts
    expect(document.head.querySelector("script[data-partytown]")).toBeNull()
    expect(collectedScriptsByPage.get(window.location.pathname)).toHaveLength(1)
    collectedScriptsByPage.delete(window.location.pathname)
  })

  it("is right only while no page has an off-main-thread script", () => {
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name)
        return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) ? [full] : []
      })
    const files = [...sources(path.join(root, "src")), path.join(root, "gatsby-browser.ts"), path.join(root, "gatsby-ssr.tsx")]
    const offMainThread = files.filter((file) => /off-main-thread|offMainThread/.test(fs.readFileSync(file, "utf8")))
    expect(offMainThread.map((file) => path.relative(root, file))).toEqual([])
  })
})

describe("the prop-types and invariant stand-ins in the production browser bundle", () => {
  it("offers every validator the package's production shims do, each usable as the library code uses them", () => {
    const real = (require("prop-types/factoryWithThrowingShims") as () => Record<string, unknown>)()
    const shim = require("../../src/webpack/stand-ins/prop-types.js") as Record<string, (...args: unknown[]) => { isRequired: unknown }>
    expect(Object.keys(shim).sort()).toEqual(Object.keys(real).sort())
    // propTypes = { to: PropTypes.string.isRequired, items: PropTypes.arrayOf(PropTypes.string).isRequired }
    expect(typeof shim.string!("x").isRequired).toBe("function")
    expect(typeof shim.arrayOf!(shim.string).isRequired).toBe("function")
  })

  it("throws the router's message as invariant does, and nothing when the condition holds", () => {
    const invariant = require("../../src/webpack/stand-ins/invariant.js") as (condition: unknown, message: string) => void
    expect(() => invariant(true, "never")).not.toThrow()
    expect(() => invariant(false, '<Redirect from="/a" to="/b"/> requires both')).toThrow(new Error('<Redirect from="/a" to="/b"/> requires both'))
    try {
      invariant(0, "x")
    } catch (error) {
      expect((error as Error).name).toBe("Invariant Violation")
    }
  })
})

describe("react-slick's dots and json2mq, left out of the gallery's part", () => {
  it("stand in only while the gallery uses neither: no dots, and no breakpoints of react-slick's own", () => {
    const { gallerySettings } = require("../../src/components/blocks/GallerySlider") as typeof import("../../src/components/blocks/GallerySlider")
    for (const visible of [1, 2, 4]) {
      const settings = gallerySettings({ transitionSpeed: 800 }, visible)
      expect(settings.dots).toBe(false)
      expect(settings.responsive).toBeUndefined()
    }
  })

  it("fail loudly, naming themselves, if a change ever asks for them", () => {
    const { Dots } = require("../../src/webpack/stand-ins/no-slick-dots.js") as { Dots: () => unknown }
    const json2mq = require("../../src/webpack/stand-ins/no-json2mq.js") as (query: object) => string
    expect(() => Dots()).toThrow(/stand-ins\/no-slick-dots\.js/)
    expect(() => json2mq({ maxWidth: 600 })).toThrow(/stand-ins\/no-json2mq\.js/)
  })

  it("replace the very files react-slick requires, and its dots keep the export the slider renders", () => {
    const { slickFile } = require("../../src/webpack/webpack-config") as typeof import("../../src/webpack/webpack-config")
    const inner = fs.readFileSync(slickFile("inner-slider.js"), "utf8")
    expect(inner).toContain('require("./dots")')
    expect(inner).toContain("_dots.Dots")
    expect(fs.existsSync(slickFile("dots.js"))).toBe(true)
    expect(fs.readFileSync(slickFile("slider.js"), "utf8")).toContain('require("json2mq")')
  })
})

describe("Babel's loose optional chaining", () => {
  it("sets loose on the very plugins Gatsby's TypeScript support adds, and on nothing else", () => {
    const added: { name: string; options?: object }[] = []
    const actions = { setBabelPlugin: (plugin: { name: string; options?: object }) => added.push(plugin), setBabelPreset: () => undefined }
    const typescript = require("gatsby-plugin-typescript/gatsby-node") as { onCreateBabelConfig: (args: object, options: object) => void }
    typescript.onCreateBabelConfig({ actions }, {})
    const theirs = added.splice(0).map((plugin) => plugin.name)
    const { onCreateBabelConfig } = require("../../src/webpack/babel-config") as { onCreateBabelConfig: (args: object) => void }
    onCreateBabelConfig({ actions })
    expect(added.length).toBe(2)
    for (const plugin of added) {
      expect(theirs).toContain(plugin.name)
      expect(plugin.options).toEqual({ loose: true })
    }
    expect(added.map((plugin) => path.basename(path.dirname(path.dirname(plugin.name))))).toEqual([
      "plugin-proposal-optional-chaining",
      "plugin-proposal-nullish-coalescing-operator",
    ])
  })
})

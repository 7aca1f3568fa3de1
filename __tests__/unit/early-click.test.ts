import { EARLY_CLICK, HYDRATION_STARTED, markHydrationStarted, replayEarlyClick } from "../../src/lib/early-click"
import { GLOBALS_ID, pageLoader, SCRIPTS_ID } from "../../src/build-time/postbuild/loader"

type EarlyWindow = Window & { [EARLY_CLICK]?: HTMLElement | null; [HYDRATION_STARTED]?: boolean }
const win = window as EarlyWindow

/** The page as the server sends it, with the loader run on it (its script list is empty, so it adds nothing). */
function loadPage() {
  document.body.innerHTML =
    `<script type="application/json" id="${GLOBALS_ID}">{}</script><script type="application/json" id="${SCRIPTS_ID}">[]</script>` +
    `<button type="button" id="toggler" data-early-click=""><svg id="icon"><path d="M0 0h1"></path></svg></button>` +
    `<button type="button" id="plain">Play</button>` +
    `<form><button type="submit" id="send">Send</button></form><p id="text">Text</p>`
  // jsdom cannot submit a form: stop it where a browser would post
  document.querySelector("form")!.addEventListener("submit", (event) => event.preventDefault())
  // the loader is an inline classic script: run it as the page would, in the window's global scope
  window.eval(pageLoader())
}

const byId = (id: string) => document.getElementById(id) as HTMLElement
const click = (id: string) => byId(id).dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))

beforeEach(() => {
  delete win[EARLY_CLICK]
  delete win[HYDRATION_STARTED]
})

describe("the loader keeps a button clicked before hydration", () => {
  it("keeps the button around the clicked icon", () => {
    loadPage()
    click("icon")
    expect(win[EARLY_CLICK]).toBe(byId("toggler"))
  })

  it("forgets it when the visitor then clicks something else, and keeps only buttons that opt in", () => {
    loadPage()
    click("toggler")
    click("text")
    expect(win[EARLY_CLICK]).toBeNull()
    click("toggler")
    click("plain")
    expect(win[EARLY_CLICK]).toBeNull()
    click("toggler")
    // a submit button posts its form by itself; replaying it would post twice
    click("send")
    expect(win[EARLY_CLICK]).toBeNull()
  })

  it("stops keeping clicks once hydration has started, when React handles them", () => {
    loadPage()
    click("toggler")
    markHydrationStarted()
    click("text")
    expect(win[EARLY_CLICK]).toBe(byId("toggler"))
  })
})

describe("replayEarlyClick", () => {
  it("clicks the kept button once", () => {
    loadPage()
    const clicks = jest.fn()
    byId("toggler").addEventListener("click", clicks)
    click("toggler")
    expect(clicks).toHaveBeenCalledTimes(1)
    markHydrationStarted()
    replayEarlyClick()
    replayEarlyClick()
    expect(clicks).toHaveBeenCalledTimes(2)
    expect(win[EARLY_CLICK]).toBeNull()
  })

  it("does nothing when the kept button has left the page or nothing was kept", () => {
    loadPage()
    const toggler = byId("toggler")
    const clicks = jest.fn()
    toggler.addEventListener("click", clicks)
    click("toggler")
    toggler.remove()
    replayEarlyClick()
    replayEarlyClick()
    expect(clicks).toHaveBeenCalledTimes(1)
  })
})

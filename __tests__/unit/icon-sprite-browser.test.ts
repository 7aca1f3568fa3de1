/**
 * A page reached inside the site (no page load, so no sprite of its own) gets
 * from the sprite file the icons its first page's sprite lacked.
 */
import { completeIconSprite, ICON_SPRITE_FILE } from "../../src/lib/icon-sprite"

const symbol = (id: string) => `<symbol id="${id}" viewBox="0 0 256 256"><path d="M0,0H256V256Z"></path></symbol>`
const icon = (id: string) => `<svg viewBox="0 0 256 256"><use href="#${id}"></use></svg>`
const WHOLE = `<svg xmlns="http://www.w3.org/2000/svg">${symbol("icon-phone")}${symbol("icon-play")}${symbol("icon-pause")}</svg>`

let fetchMock: jest.Mock
beforeEach(() => {
  jest.resetModules()
  fetchMock = jest.fn(async () => ({ ok: true, text: async () => WHOLE }))
  global.fetch = fetchMock as unknown as typeof fetch
  // the first page drew the phone icon only; the visit has moved to a page that draws play too
  document.body.innerHTML = `<svg id="icon-sprite">${symbol("icon-phone")}</svg><div id="___gatsby">${icon("icon-phone")}${icon("icon-play")}</div>`
})

it("adds the symbols the new page draws that the sprite lacks, and only those, fetching the whole set once", async () => {
  await completeIconSprite(document)
  expect(fetchMock).toHaveBeenCalledWith(ICON_SPRITE_FILE)
  expect([...document.querySelectorAll("#icon-sprite > symbol")].map((element) => element.id)).toEqual(["icon-phone", "icon-play"])
  expect(document.querySelector("#icon-play path")).not.toBeNull()
  // the next page change draws pause: taken from the set already fetched
  document.getElementById("___gatsby")!.innerHTML = icon("icon-pause")
  fetchMock.mockClear()
  await completeIconSprite(document)
  expect(fetchMock).not.toHaveBeenCalled()
  expect(document.getElementById("icon-pause")?.parentElement?.id).toBe("icon-sprite")
})

it("asks for nothing when the sprite has every symbol the page draws", async () => {
  document.getElementById("___gatsby")!.innerHTML = icon("icon-phone")
  const { completeIconSprite: fresh } = await import("../../src/lib/icon-sprite")
  await fresh(document)
  expect(fetchMock).not.toHaveBeenCalled()
})

it("tries again on the next page change when the file could not be fetched", async () => {
  const { completeIconSprite: fresh } = await import("../../src/lib/icon-sprite")
  fetchMock.mockImplementationOnce(async () => ({ ok: false, text: async () => "" }))
  await fresh(document)
  expect(document.getElementById("icon-play")).toBeNull()
  await fresh(document)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(document.getElementById("icon-play")).not.toBeNull()
})

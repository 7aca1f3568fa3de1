/**
 * The page's icon sprite: every icon a page draws is a <symbol> in one
 * <svg id="icon-sprite"> before the page's root (IconSprite.tsx renders it,
 * src/build-time/postbuild/icon-sprite.ts leaves each page the symbols it
 * uses and writes them all to ICON_SPRITE_FILE), and each icon on the page
 * is <svg><use href="#icon-phone"/></svg>.
 */

/** The site's icons by name; IconSprite.tsx draws each of them */
export type IconName =
  | "arrow-right"
  | "arrow-up"
  | "caret-down"
  | "caret-left"
  | "caret-right"
  | "close"
  | "email"
  | "facebook"
  | "instagram"
  | "linkedin"
  | "location"
  | "menu"
  | "pause"
  | "phone"
  | "play"
  | "tax"
  | "x"

/**
 * Icons that only a part fetched after the page draws (the mobile menu's
 * close button, src/components/layout/Header.tsx): the server's HTML has no
 * <use> of them, yet every page's sprite keeps their symbols, so the part
 * draws them at once, with no fetch of the whole set.
 */
export const LATER_PART_ICONS: readonly IconName[] = ["close"]

/** The id of an icon's <symbol> in the page's sprite */
export const iconId = (name: IconName): string => `icon-${name}`

/** The id of the sprite's <svg> */
export const ICON_SPRITE_ID = "icon-sprite"

/** Every symbol any page uses, for the pages a visit moves to without loading them */
export const ICON_SPRITE_FILE = "/icon-sprite.svg"

let fetched: Promise<Document | undefined> | undefined

/**
 * When an icon is drawn that the page's sprite does not hold (it holds the
 * icons the server drew on the first page of the visit): fetches the whole
 * set once and adds every symbol the page's icons miss; a <use> draws as
 * soon as its symbol is there.
 */
export async function completeIconSprite(document: Document): Promise<void> {
  const sprite = document.getElementById(ICON_SPRITE_ID)
  const missing = [...document.querySelectorAll("use")]
    .map((use) => use.getAttribute("href")?.slice(1) ?? "")
    .filter((id) => id.startsWith("icon-") && !document.getElementById(id))
  if (!sprite || !missing.length) return
  fetched ??= fetch(ICON_SPRITE_FILE)
    .then(async (response) => (response.ok ? new DOMParser().parseFromString(await response.text(), "image/svg+xml") : undefined))
    .catch(() => undefined)
  const all = await fetched
  // a failed fetch is tried again on the next page change
  if (!all) fetched = undefined
  for (const id of new Set(missing)) {
    const symbol = all?.getElementById(id)
    if (symbol && !document.getElementById(id)) sprite.appendChild(document.importNode(symbol, true))
  }
}

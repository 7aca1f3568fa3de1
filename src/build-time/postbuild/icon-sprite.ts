import { promises as fs } from "node:fs"
import path from "node:path"
import { ICON_SPRITE_FILE, ICON_SPRITE_ID, LATER_PART_ICONS, iconId } from "../../lib/icon-sprite"
import type { PostbuildStep } from "./step"

const SPRITE = new RegExp(`(<svg id="${ICON_SPRITE_ID}"[^>]*>)([\\s\\S]*?)</svg>`)
const SYMBOL = /<symbol id="([^"]+)"[\s\S]*?<\/symbol>/g
const USED = /<use href="#([^"]+)"/g

/** A page's sprite symbols by id */
export function spriteSymbols(html: string): Map<string, string> {
  const sprite = SPRITE.exec(html)?.[2] ?? ""
  return new Map([...sprite.matchAll(SYMBOL)].map(([symbol, id]) => [id!, symbol]))
}

/** The page with only the symbols its own <use> elements draw, and those of the parts that come after it (LATER_PART_ICONS) */
export function withUsedSymbols(html: string): string {
  const used = new Set([...[...html.matchAll(USED)].map(([, id]) => id!), ...LATER_PART_ICONS.map(iconId)])
  return html.replace(
    SPRITE,
    (_sprite, open: string, symbols: string) => `${open}${symbols.replace(SYMBOL, (symbol, id: string) => (used.has(id) ? symbol : ""))}</svg>`,
  )
}

/**
 * Each page keeps the symbols it draws (the server renders them all: a page
 * of the site draws 11 to 14 of the 17, and the rest cost 0.2 to 0.4 KB of
 * its compressed HTML), and ICON_SPRITE_FILE gets every symbol any page has,
 * for the pages a visit moves to in the browser (src/lib/icon-sprite.ts).
 */
export const iconSprite: PostbuildStep = {
  name: "each page's icons, and the whole set in one file",
  async run({ publicDir, pages }) {
    const all = new Map<string, string>()
    await Promise.all(
      pages.map(async (file) => {
        const html = await fs.readFile(file, "utf8")
        for (const [id, symbol] of spriteSymbols(html)) all.set(id, symbol)
        const trimmed = withUsedSymbols(html)
        if (trimmed !== html) await fs.writeFile(file, trimmed)
      }),
    )
    // on a warm build the pages not rendered again give the symbols they draw: still every symbol a page can need
    if (!all.size) return
    const symbols = [...all.keys()]
      .sort()
      .map((id) => all.get(id))
      .join("")
    await fs.writeFile(path.join(publicDir, ICON_SPRITE_FILE), `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`)
  },
}

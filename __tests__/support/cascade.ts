/**
 * Where the site's stylesheets meet in the cascade: for every element of a
 * page, the declarations that would win for one property and come from two
 * different stylesheets at the same level (the same importance, layer and
 * specificity), with different values. Only the order the sheets were joined
 * in decides between those, which is what docs/styles.md rules out.
 *
 * The sheets are the source files under src/, injected one
 * <style> each in place of the page's built stylesheet, so any order can be
 * tried. Interaction states (:hover, :focus...) are stripped from selectors:
 * a rule that can ever apply to an element counts.
 */
import fs from "fs"
import path from "path"
import Specificity from "@bramus/specificity"
import type { Page } from "playwright-core"

export interface Sheet {
  /** Path from the project's root */
  name: string
  text: string
}

/** Every stylesheet the site imports: those under src/ but the CMS preview's. */
export function siteSheets(root: string): Sheet[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (relative !== path.join("src", "cms")) walk(relative)
      } else if (entry.name.endsWith(".css")) found.push(relative)
    }
  }
  walk("src")
  return found.sort().map((name) => ({ name, text: fs.readFileSync(path.join(root, name), "utf8") }))
}

interface RawRule {
  sheet: string
  layer: string | null
  media: string[]
  selector: string
  declarations: [property: string, value: string, important: boolean][]
}

/** Replaces the page's stylesheets with these, in this order, and reads back their style rules. */
export async function injectSheets(page: Page, sheets: Sheet[]): Promise<{ rules: RawRule[]; layers: string[] }> {
  return page.evaluate((sheets) => {
    for (const element of document.querySelectorAll('style[data-identity="gatsby-global-css"], noscript style, style[data-cascade-sheet]')) element.remove()
    for (const sheet of sheets) {
      const style = document.createElement("style")
      style.dataset.cascadeSheet = sheet.name
      style.textContent = sheet.text
      document.head.append(style)
    }
    const rules: RawRule[] = []
    const layers: string[] = []
    const noteLayer = (name: string) => layers.includes(name) || layers.push(name)
    const walk = (list: CSSRuleList, sheet: string, media: string[], layer: string | null) => {
      for (const rule of Array.from(list)) {
        if (rule instanceof CSSStyleRule) {
          const declarations: RawRule["declarations"] = []
          for (let i = 0; i < rule.style.length; i++) {
            const property = rule.style.item(i)
            declarations.push([property, rule.style.getPropertyValue(property).trim(), rule.style.getPropertyPriority(property) === "important"])
          }
          rules.push({ sheet, layer, media, selector: rule.selectorText, declarations })
        } else if (rule instanceof CSSMediaRule) {
          walk(rule.cssRules, sheet, [...media, rule.media.mediaText], layer)
        } else if (rule instanceof CSSSupportsRule) {
          if (CSS.supports(rule.conditionText)) walk(rule.cssRules, sheet, media, layer)
        } else if (rule instanceof CSSLayerBlockRule) {
          const name = layer ? `${layer}.${rule.name}` : rule.name
          noteLayer(name)
          walk(rule.cssRules, sheet, media, name)
        } else if (rule instanceof CSSLayerStatementRule) {
          for (const name of rule.nameList) noteLayer(layer ? `${layer}.${name}` : name)
        }
      }
    }
    for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-cascade-sheet]"))
      walk(style.sheet!.cssRules, style.dataset.cascadeSheet!, [], null)
    return { rules, layers }
  }, sheets)
}

const STATES = /:(hover|focus-visible|focus-within|focus|active|visited|target)(?![\w-])/g
const PSEUDO_ELEMENT = /::?(before|after|placeholder|marker|selection|first-line|first-letter|backdrop|-webkit-[\w-]+|-moz-[\w-]+)$/

export interface Conflict {
  element: string
  property: string
  /** The sheets and values that tie, in the order tried */
  tied: { sheet: string; selector: string; value: string }[]
}

/**
 * The ties between sheets on the page as it stands (its current viewport,
 * classes and media), for every element and pseudo-element: at rest (the
 * rules for :hover, :focus... left out), or with every such state on at once.
 */
export async function findConflicts(page: Page, rules: RawRule[], layers: string[], states: "at rest" | "all on"): Promise<Conflict[]> {
  // one probe per selector of each rule: what it matches with its states stripped, and its weight
  const probes = rules.flatMap((rule, index) =>
    Specificity.calculate(rule.selector).flatMap((specificity) => {
      const text = specificity.selectorString()
      if (states === "at rest" && new RegExp(STATES.source).test(text)) return []
      const pseudo = PSEUDO_ELEMENT.exec(text)?.[1] ?? ""
      const probe =
        text
          .replace(PSEUDO_ELEMENT, "")
          .replace(STATES, "")
          .replace(/:not\(\)/g, "") || "*"
      const { a, b, c } = specificity.value
      return [{ rule: index, probe, pseudo, weight: a * 1_000_000 + b * 1_000 + c, selector: text }]
    }),
  )
  return page.evaluate(
    ({ rules, probes, layers }) => {
      const label = (element: Element) => {
        const parts: string[] = []
        for (let node: Element | null = element; node && parts.length < 4; node = node.parentElement) {
          parts.unshift(node.tagName.toLowerCase() + (node.classList.length ? `.${[...node.classList].join(".")}` : ""))
        }
        return parts.join(" > ")
      }
      const mediaHolds = new Map<string, boolean>()
      const holds = (media: string[]) => media.every((text) => mediaHolds.get(text) ?? mediaHolds.set(text, matchMedia(text).matches).get(text)!)
      const live = probes.filter((probe) => holds(rules[probe.rule]!.media))
      const conflicts: { element: string; property: string; tied: { sheet: string; selector: string; value: string }[] }[] = []
      for (const element of document.querySelectorAll("body, body *")) {
        // property (per pseudo-element) -> the best candidates so far
        const best = new Map<string, { rank: number[]; sheet: string; selector: string; value: string }[]>()
        for (const probe of live) {
          let matches: boolean
          try {
            matches = element.matches(probe.probe)
          } catch {
            matches = false
          }
          if (!matches) continue
          const rule = rules[probe.rule]!
          const layerRank = rule.layer === null ? layers.length : layers.indexOf(rule.layer)
          for (const [property, value, important] of rule.declarations) {
            // importance first (reversing the layers' order), then layer, then specificity
            const rank = important ? [1, layers.length - layerRank, probe.weight] : [0, layerRank, probe.weight]
            const key = `${probe.pseudo}|${property}`
            const current = best.get(key)
            const candidate = { rank, sheet: rule.sheet, selector: probe.selector, value }
            const order = current ? (rank.map((n, i) => n - current[0]!.rank[i]!).find((d) => d !== 0) ?? 0) : 1
            if (order > 0) best.set(key, [candidate])
            else if (order === 0) current!.push(candidate)
          }
        }
        for (const [key, candidates] of best) {
          const sheets = new Set(candidates.map((candidate) => candidate.sheet))
          const values = new Set(candidates.map((candidate) => candidate.value))
          if (sheets.size > 1 && values.size > 1) {
            const [pseudo, property] = key.split("|") as [string, string]
            conflicts.push({
              element: label(element) + (pseudo ? `::${pseudo}` : ""),
              property,
              tied: candidates.map(({ sheet, selector, value }) => ({ sheet, selector, value })),
            })
          }
        }
      }
      return conflicts
    },
    { rules, probes, layers },
  )
}

/**
 * Every element's computed style (and that of its ::before and ::after where
 * they are drawn: their content is neither none nor normal), one text per
 * element, in document order.
 */
export async function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("body, body *")).map((element) =>
      [null, "::before", "::after"]
        .map((pseudo) => {
          const style = getComputedStyle(element, pseudo)
          const content = style.getPropertyValue("content")
          if (pseudo && (content === "none" || content === "normal")) return `${pseudo} ${content}`
          return Array.from(style, (property) => `${property}:${style.getPropertyValue(property)}`).join(";")
        })
        .join("\n"),
    ),
  )
}

/**
 * The head's tags that only the server's HTML has (src/components/layout/PageMetadata.tsx):
 * the attribute that marks them, and what the build and the browser do with it.
 */

/** The attribute on each tag PageMetadata renders */
export const SERVER_HEAD = { "data-server-head": "" } as const
const ATTRIBUTE = "data-server-head"
const GATSBY_HEAD = "data-gatsby-head"

interface ElementLike {
  type: unknown
  key: string | null
  props: Record<string, unknown>
}

/**
 * A head component as gatsby-ssr should write it: Gatsby marks every tag a
 * page's Head rendered (data-gatsby-head) and, at hydration, removes the
 * marked tags the browser's Head does not render again. A tag only the
 * server renders loses that mark, so it stays for the page's life.
 * Anything else is returned as it is.
 */
export function unmarkServerHead<T>(component: T, create: (type: unknown, props: Record<string, unknown>) => T): T {
  const element = component as unknown as ElementLike | null
  if (!element || typeof element !== "object" || !("props" in element) || element.props?.[ATTRIBUTE] === undefined) return component
  const props: Record<string, unknown> = { ...element.props, key: element.key }
  delete props[GATSBY_HEAD]
  return create(element.type, props)
}

/** When a visit moves to another page: the last page's server-only tags go (they describe that page, not this one) */
export function dropServerHead(head: ParentNode): void {
  for (const node of head.querySelectorAll(`[${ATTRIBUTE}]`)) node.remove()
}

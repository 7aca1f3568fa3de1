/**
 * The head's tags that only the server's HTML has (src/components/layout/PageMetadata.tsx):
 * the attribute that marks them, and what the build and the browser do with it.
 */

import * as React from "react"

const ATTRIBUTE = "data-server-head"
/** The attribute on each tag PageMetadata renders */
export const SERVER_HEAD = { [ATTRIBUTE]: "" } as const

/**
 * A head component as gatsby-ssr should write it: Gatsby marks every tag a
 * page's Head rendered (data-gatsby-head) and, at hydration, removes the
 * marked tags the browser's Head does not render again. A tag only the
 * server renders loses that mark, so it stays for the page's life.
 * Anything else is returned as it is.
 */
export function unmarkServerHead(component: React.ReactNode): React.ReactNode {
  if (!React.isValidElement<Record<string, unknown>>(component) || component.props[ATTRIBUTE] === undefined) return component
  const { "data-gatsby-head": _gatsbyMark, ...props } = component.props
  return React.createElement(component.type, { ...props, key: component.key })
}

/** When a visit moves to another page: the last page's server-only tags go (they describe that page, not this one) */
export function dropServerHead(head: ParentNode): void {
  for (const node of head.querySelectorAll(`[${ATTRIBUTE}]`)) node.remove()
}

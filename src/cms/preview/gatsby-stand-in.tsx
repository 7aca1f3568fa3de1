/**
 * What the site's sections import from "gatsby", for the CMS preview, where
 * there is no Gatsby: the preview bundle (build.ts) aliases "gatsby" to this
 * file. Fragments are not queried (the preview gets the entry's data), and a
 * link is a plain link that opens the page in a new tab rather than leaving
 * the editor.
 */
import * as React from "react"

export function graphql(): void {}

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; activeClassName?: string; partiallyActive?: boolean }

export function Link({ to, activeClassName: _active, partiallyActive: _partial, ...rest }: LinkProps) {
  return <a href={to} target="_blank" rel="noreferrer" {...rest} />
}

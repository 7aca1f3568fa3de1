import * as React from "react"
import { Link, type GatsbyLinkProps } from "gatsby"
import { useLocalize } from "../../hooks/use-language"

/**
 * Gatsby's Link to a page of the site in the page's language: content and
 * code name the default language's address (/contact), a Hindi page links
 * to /hi/contact.
 */
export function LocalLink<State>({ to, ...rest }: GatsbyLinkProps<State>) {
  const localize = useLocalize()
  return <Link {...(rest as object)} to={localize(to)} />
}

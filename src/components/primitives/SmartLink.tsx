import * as React from "react"
import { isExternal } from "../../lib/links"
import { LocalLink } from "./LocalLink"

type Props = React.AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }

/** Gatsby's Link for pages of the site (in the page's language), a plain anchor for everything else. */
export function SmartLink({ to, children, ...rest }: Props) {
  if (isExternal(to)) {
    return (
      <a href={to} {...rest}>
        {children}
      </a>
    )
  }
  return (
    <LocalLink to={to} {...(rest as object)}>
      {children}
    </LocalLink>
  )
}

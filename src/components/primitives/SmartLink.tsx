import * as React from "react"
import { Link } from "gatsby"
import { isExternal } from "../../lib/links"

type Props = React.AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }

/** Gatsby's Link for pages of the site, a plain anchor for everything else. */
export function SmartLink({ to, children, ...rest }: Props) {
  if (isExternal(to)) {
    return (
      <a href={to} {...rest}>
        {children}
      </a>
    )
  }
  return (
    <Link to={to} {...(rest as object)}>
      {children}
    </Link>
  )
}

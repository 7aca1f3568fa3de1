import * as React from "react"
import { Link } from "gatsby"
import type { CompanyDetails } from "../../hooks/use-site"

interface Props {
  company: CompanyDetails
  /** "dark" uses the logo drawn for dark backgrounds (footer) */
  tone?: "light" | "dark"
  onClick?: () => void
}

/** The logo and company name, linking home. */
export function Brand({ company, tone = "light", onClick }: Props) {
  const logo = tone === "dark" ? company.logoOnDark : company.logo
  return (
    <Link to="/" className={`brand${tone === "dark" ? " brand--on-dark" : ""}`} aria-label={company.logoAlt} onClick={onClick}>
      <img src={logo.publicURL ?? ""} alt="" width={40} height={40} />
      <span className="brand__name">{company.name}</span>
    </Link>
  )
}

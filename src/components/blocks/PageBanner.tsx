import * as React from "react"
import { LocalLink } from "../primitives/LocalLink"
import "./PageBanner.css"

interface Props {
  title: string
  /** Last breadcrumb entry (the current page) */
  breadcrumb: string
  breadcrumbLabel: string
  homeLabel: string
}

/** The title banner of inner pages, with its breadcrumb trail. */
export function PageBanner({ title, breadcrumb, breadcrumbLabel, homeLabel }: Props) {
  return (
    <section className="page-banner">
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label={breadcrumbLabel} className="breadcrumb">
          <ol>
            <li>
              <LocalLink to="/">{homeLabel}</LocalLink>
            </li>
            <li aria-current="page">{breadcrumb}</li>
          </ol>
        </nav>
      </div>
    </section>
  )
}

import * as React from "react"
import { graphql } from "gatsby"
import { useSite } from "../../hooks/use-site"
import { Footer } from "./Footer"
import { GoToTop } from "./GoToTop"
import { Header } from "./Header"
import { ScrollProgress } from "./ScrollProgress"
import "./Layout.css"

/** The chrome of every page: progress line, header, footer and go-to-top. */
export function Layout({ children }: { children: React.ReactNode }) {
  const { site, company, forms, privacy, solutions } = useSite()
  return (
    <>
      <a className="skip-link" href="#main">
        {site.skipToContent}
      </a>
      <ScrollProgress />
      <Header site={site} company={company} solutions={solutions} />
      <main id="main" tabIndex={-1} style={{ "--reveal-duration": `${site.revealDuration}ms` } as React.CSSProperties}>
        {children}
      </main>
      <Footer site={site} company={company} forms={forms} privacy={privacy} solutions={solutions} />
      <GoToTop label={site.goToTop} offset={site.goToTopOffset} />
    </>
  )
}

export const layoutFragment = graphql`
  fragment LayoutSite on SiteJson {
    skipToContent
    revealDuration
    goToTop
    goToTopOffset
  }
`

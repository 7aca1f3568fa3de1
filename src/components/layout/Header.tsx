import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "../primitives/LocalLink"
import { useScroll } from "../../hooks/use-scroll"
import { fromMenu } from "../../lib/links"
import { MenuIcon, PhoneIcon } from "../primitives/Icons"
import { PhoneLink } from "../primitives/PhoneLink"
import { Brand } from "./Brand"
import { MainMenu } from "./MainMenu"
import { usePageLoaded } from "../../hooks/use-page-loaded"
import { MOBILE_MENU_ID } from "./mobile-menu-id"
import { LanguageSwitch } from "./LanguageSwitch"
import { TopBar } from "./TopBar"
import "./Header.css"

/**
 * The mobile menu is a part fetched after the page (docs/audit.md, "parts
 * fetched later"): not in the server's HTML nor in the scripts a page starts
 * with. A phone fetches it once the page has loaded and the browser is idle,
 * so the first tap opens it at once; any sooner intent (the toggler touched,
 * pointed at or focused) fetches it then; a desktop whose toggler is hidden
 * never does. Without JavaScript the toggler does nothing either way.
 */
type MobileMenuComponent = typeof import("./MobileMenu").MobileMenu
let mobileMenuCode: Promise<MobileMenuComponent> | undefined
/** Whether a fetch of it has failed: then a phone no longer fetches it by itself once the page has loaded, only on a tap */
let menuFailed = false
/** The menu's code, fetched once; a failed fetch (the network gone after the page loaded) is forgotten where the menu waits for it, so the next tap fetches again */
const fetchMobileMenu = () => (mobileMenuCode ??= import(/* webpackChunkName: "mobile-menu" */ "./MobileMenu").then((module) => module.MobileMenu))

/** Runs `task` when the browser is next idle (at most 2 s on); returns the cancel */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 2000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(task, 200)
  return () => window.clearTimeout(id)
}

interface Props {
  site: Queries.HeaderSiteFragment
  company: Queries.HeaderCompanyFragment
  solutions: readonly Queries.SolutionLinkFragment[]
  languages: readonly Queries.LanguageNameFragment[]
  /** The page's address in the default language (/estimate), for the language switcher */
  basePath: string
}

export function Header({ site, company, solutions, languages, basePath }: Props) {
  const { y, direction } = useScroll()
  const [menuOpen, setMenuOpen] = React.useState(false)
  // whether the mobile menu is wanted in the page: from its first opening, or once a phone's page has loaded
  const [menuMounted, setMenuMounted] = React.useState(false)
  // its code, once fetched; a failed fetch leaves the page as it was, the toggler closed, for the next tap to try again
  const [MobileMenu, setMobileMenu] = React.useState<MobileMenuComponent | null>(null)
  React.useEffect(() => {
    if (!menuMounted || MobileMenu) return
    // the header stays for the visit (it is the layout's, gatsby-browser.ts): no unmount to guard against
    fetchMobileMenu().then(
      (component) => setMobileMenu(() => component),
      () => {
        mobileMenuCode = undefined
        setMenuOpen(false)
        setMenuMounted(false)
        // no more fetching on its own: the next try is the visitor's tap
        menuFailed = true
      },
    )
  }, [menuMounted, MobileMenu])
  const loaded = usePageLoaded()
  const [openSubmenu, setOpenSubmenu] = React.useState<string | null>(null)

  const toggleSubmenu = React.useCallback((label: string) => setOpenSubmenu((current) => (current === label ? null : label)), [])
  const toggler = React.useRef<HTMLButtonElement>(null)
  const closeMenu = React.useCallback(() => {
    setMenuOpen(false)
    toggler.current?.focus()
  }, [])

  React.useEffect(() => {
    document.body.classList.toggle("mobile-menu-visible", menuOpen)
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeMenu()
    }
    document.addEventListener("keydown", onKey)
    return () => document.removeEventListener("keydown", onKey)
  }, [menuOpen, closeMenu])

  React.useEffect(() => {
    if (menuMounted || menuFailed) return
    // a hidden toggler (a desktop's width) has no menu to open
    if (!loaded || !toggler.current || toggler.current.offsetParent === null) return
    return whenIdle(() => React.startTransition(() => setMenuMounted(true)))
  }, [menuMounted, loaded])
  // scroll-padding-top keeps most focus moves clear of the sticky bar; when the
  // browser leaves a focused element partly under it (it counts as visible),
  // scroll it down into view.
  React.useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null
      const bar = document.querySelector<HTMLElement>(".site-header:not(.is-hidden) .main-bar")
      if (!target || !bar || target.closest(".site-header")) return
      const overlap = bar.getBoundingClientRect().bottom + 16 - target.getBoundingClientRect().top
      if (overlap > 0) window.scrollBy({ top: -overlap, behavior: "instant" })
    }
    document.addEventListener("focusin", onFocusIn)
    return () => document.removeEventListener("focusin", onFocusIn)
  }, [])

  // Escape also closes an open desktop sub-menu, handing focus back to its button.
  const onNavKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "Escape" || !openSubmenu) return
    setOpenSubmenu(null)
    const parent = (event.target as HTMLElement).closest(".menu__item--parent")?.querySelector<HTMLButtonElement>(".menu__parent")
    parent?.focus()
  }

  const sticky = y > site.stickyHeaderOffset
  const hidden = sticky && direction === "down" && !menuOpen
  const className = ["site-header", sticky ? "is-sticky" : "", hidden ? "is-hidden" : ""].filter(Boolean).join(" ")

  return (
    <header className={className}>
      <TopBar labels={site.topBar} company={company}>
        <LanguageSwitch basePath={basePath} current={site.locale} languages={languages} label={site.languageMenu} />
      </TopBar>
      <div className="main-bar">
        <div className="container main-bar__inner">
          <Brand company={company} />
          <nav className="main-nav" aria-label={site.menuLabel} onKeyDown={onNavKeyDown}>
            <MainMenu variant="desktop" menu={site.menu} solutions={solutions} openSubmenu={openSubmenu} onToggleSubmenu={toggleSubmenu} />
          </nav>
          <div className="main-bar__actions">
            <PhoneLink phone={company.phone} className="main-bar__phone">
              <PhoneIcon aria-hidden="true" size={20} />
              <span>{company.phone.display}</span>
            </PhoneLink>
            <LocalLink to={fromMenu(site.getInTouch.to)} className="button button--amber main-bar__cta">
              {site.getInTouch.label}
            </LocalLink>
            <button
              type="button"
              ref={toggler}
              className="menu-toggler icon-button"
              aria-label={site.openMenu}
              aria-expanded={menuOpen}
              // only once the menu is in the page: an id the page has
              aria-controls={MobileMenu ? MOBILE_MENU_ID : undefined}
              // a tap before hydration opens the menu once the page has hydrated (src/lib/early-click.ts)
              data-early-click=""
              onClick={() => {
                setMenuMounted(true)
                setMenuOpen(true)
              }}
              onPointerEnter={fetchMobileMenu}
              onTouchStart={fetchMobileMenu}
              onFocus={fetchMobileMenu}
            >
              <MenuIcon aria-hidden="true" size={26} />
            </button>
          </div>
        </div>
      </div>
      {MobileMenu ? (
        <MobileMenu
          site={site}
          company={company}
          solutions={solutions}
          open={menuOpen}
          onClose={closeMenu}
          openSubmenu={openSubmenu}
          onToggleSubmenu={toggleSubmenu}
        />
      ) : null}
    </header>
  )
}

export const headerFragments = graphql`
  fragment HeaderSite on SiteJson {
    locale
    languageMenu
    stickyHeaderOffset
    menuLabel
    openMenu
    topBar {
      ...TopBarLabels
    }
    ...MobileMenuSite
  }

  fragment HeaderCompany on CompanyJson {
    ...Brand
    ...TopBarCompany
    ...MobileMenuCompany
  }
`

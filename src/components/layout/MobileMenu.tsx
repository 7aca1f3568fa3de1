import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "../primitives/LocalLink"
import { fromMenu } from "../../lib/links"
import { CloseIcon, EmailIcon, PhoneIcon } from "../primitives/Icons"
import { PhoneLink } from "../primitives/PhoneLink"
import { Brand } from "./Brand"
import { MainMenu } from "./MainMenu"
import { SocialLinks } from "./SocialLinks"
import "./MobileMenu.css"

import { MOBILE_MENU_ID } from "./mobile-menu-id"

interface Props {
  site: Queries.MobileMenuSiteFragment
  company: Queries.MobileMenuCompanyFragment
  solutions: readonly Queries.SolutionLinkFragment[]
  open: boolean
  onClose: () => void
  openSubmenu: string | null
  onToggleSubmenu: (label: string) => void
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The off-canvas menu below the desktop breakpoint, with its backdrop and
 * close button. While open it is a modal dialog: focus moves to its close
 * button, Tab and Shift+Tab cycle inside it, and closing hands focus back to
 * whoever opened it (the Header does that).
 */
export function MobileMenu({ site, company, solutions, open, onClose, openSubmenu, onToggleSubmenu }: Props) {
  const panel = React.useRef<HTMLDivElement>(null)
  const closeButton = React.useRef<HTMLButtonElement>(null)

  React.useEffect(() => {
    if (open) closeButton.current?.focus()
  }, [open])

  const trapFocus = (event: React.KeyboardEvent) => {
    if (event.key !== "Tab" || !panel.current) return
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null)
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div className={`mobile-menu${open ? " is-open" : ""}`} id={MOBILE_MENU_ID}>
      <div className="mobile-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="mobile-menu__panel"
        ref={panel}
        role={open ? "dialog" : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? site.menuLabel : undefined}
        onKeyDown={trapFocus}
      >
        <div className="mobile-menu__head">
          <Brand company={company} onClick={onClose} />
          <button type="button" ref={closeButton} className="mobile-menu__close icon-button" onClick={onClose} aria-label={site.closeMenu}>
            <CloseIcon aria-hidden="true" size={22} />
          </button>
        </div>
        <nav aria-label={site.mobileMenuLabel}>
          <MainMenu variant="mobile" menu={site.menu} solutions={solutions} openSubmenu={openSubmenu} onToggleSubmenu={onToggleSubmenu} onNavigate={onClose} />
        </nav>
        <LocalLink to={fromMenu(site.getInTouch.to)} className="button button--amber mobile-menu__cta" onClick={onClose}>
          {site.getInTouch.label}
        </LocalLink>
        <ul className="mobile-menu__contact">
          <li>
            <PhoneLink phone={company.phone}>
              <PhoneIcon aria-hidden="true" size={18} />
              {`\u00a0${company.phone.display}`}
            </PhoneLink>
          </li>
          <li>
            <a href={`mailto:${company.email}`}>
              <EmailIcon aria-hidden="true" size={18} /> {company.email}
            </a>
          </li>
        </ul>
        <SocialLinks social={company.social} surface="light" />
      </div>
    </div>
  )
}

export const mobileMenuFragments = graphql`
  fragment MobileMenuSite on SiteJson {
    menuLabel
    mobileMenuLabel
    closeMenu
    menu {
      ...MenuItem
    }
    getInTouch {
      label
      to
    }
  }

  fragment MobileMenuCompany on CompanyJson {
    ...Brand
    phone {
      ...PhoneLink
    }
    email
    social {
      ...SocialLink
    }
  }
`

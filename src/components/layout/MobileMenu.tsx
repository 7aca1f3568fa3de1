import * as React from "react"
import { Link } from "gatsby"
import type { CompanyDetails, SiteChrome, SolutionLink } from "../../hooks/use-site"
import { CloseIcon, EmailIcon, PhoneIcon } from "../primitives/Icons"
import { Brand } from "./Brand"
import { MainMenu } from "./MainMenu"
import { SocialLinks } from "./SocialLinks"

export const MOBILE_MENU_ID = "mobile-menu"

interface Props {
  site: SiteChrome
  company: CompanyDetails
  solutions: readonly SolutionLink[]
  open: boolean
  onClose: () => void
  openSubmenu: string | null
  onToggleSubmenu: (label: string) => void
}

/** The off-canvas menu below the desktop breakpoint, with its backdrop and close button. */
export function MobileMenu({ site, company, solutions, open, onClose, openSubmenu, onToggleSubmenu }: Props) {
  return (
    <div className={`mobile-menu${open ? " is-open" : ""}`} id={MOBILE_MENU_ID}>
      <div className="mobile-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <nav className="mobile-menu__panel" aria-label={site.menuLabel}>
        <div className="mobile-menu__head">
          <Brand company={company} onClick={onClose} />
          <button type="button" className="mobile-menu__close icon-button" onClick={onClose} aria-label={site.closeMenu}>
            <CloseIcon aria-hidden="true" size={22} />
          </button>
        </div>
        <MainMenu
          variant="mobile"
          menu={site.menu}
          solutions={solutions}
          openSubmenu={openSubmenu}
          onToggleSubmenu={onToggleSubmenu}
          onNavigate={onClose}
        />
        <Link to={site.getInTouch.to} className="button button--amber mobile-menu__cta" onClick={onClose}>
          {site.getInTouch.label}
        </Link>
        <ul className="mobile-menu__contact">
          <li>
            <a href={`tel:${company.phone.tel}`}>
              <PhoneIcon aria-hidden="true" size={18} /> {company.phone.display}
            </a>
          </li>
          <li>
            <a href={`mailto:${company.email}`}>
              <EmailIcon aria-hidden="true" size={18} /> {company.email}
            </a>
          </li>
        </ul>
        <SocialLinks social={company.social} label={site.footer.followTitle} />
      </nav>
    </div>
  )
}

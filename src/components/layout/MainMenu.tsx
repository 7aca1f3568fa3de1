import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "../primitives/LocalLink"
import { CaretDownIcon } from "../primitives/Icons"
import "./MainMenu.css"

interface Props {
  /** "desktop" for the header bar, "mobile" for the off-canvas menu */
  variant: "desktop" | "mobile"
  menu: readonly Queries.MenuItemFragment[]
  solutions: readonly Queries.SolutionLinkFragment[]
  /** Label of the sub-menu that is expanded, or null */
  openSubmenu: string | null
  onToggleSubmenu: (label: string) => void
  onNavigate?: () => void
}

/**
 * The main menu entries from content. The entry marked `listsSolutions` is a
 * sub-menu of every solution page; only one sub-menu is expanded at a time.
 */
export function MainMenu({ variant, menu, solutions, openSubmenu, onToggleSubmenu, onNavigate }: Props) {
  return (
    <ul className={`menu menu--${variant}`}>
      {menu.map((item) => {
        if (item.listsSolutions) {
          const expanded = openSubmenu === item.label
          const id = `${variant}-submenu-${item.label.toLowerCase().replace(/\W+/g, "-")}`
          return (
            <li key={item.label} className={`menu__item menu__item--parent${expanded ? " is-open" : ""}`}>
              <button
                type="button"
                className="menu__parent"
                aria-expanded={expanded}
                aria-controls={id}
                // replayed after hydration when clicked before (src/lib/early-click.ts)
                data-early-click=""
                onClick={() => onToggleSubmenu(item.label)}
              >
                {item.label}
                <CaretDownIcon aria-hidden="true" size={14} className="menu__caret" />
              </button>
              <ul className="submenu" id={id}>
                {solutions.map((solution) => (
                  <li key={solution.path}>
                    <LocalLink to={solution.path} activeClassName="is-active" onClick={onNavigate}>
                      {solution.title}
                    </LocalLink>
                  </li>
                ))}
              </ul>
            </li>
          )
        }
        return (
          <li key={item.label} className="menu__item">
            <LocalLink to={item.to ?? "/"} activeClassName="is-active" onClick={onNavigate}>
              {item.label}
            </LocalLink>
          </li>
        )
      })}
    </ul>
  )
}

export const mainMenuFragments = graphql`
  fragment MenuItem on SiteMenuItem {
    label
    to
    listsSolutions
  }

  fragment SolutionLink on SolutionsJson {
    path
    title
    summary
  }
`

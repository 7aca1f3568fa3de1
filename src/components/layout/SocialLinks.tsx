import * as React from "react"
import { graphql } from "gatsby"
import { FacebookIcon, InstagramIcon, LinkedinIcon, XIcon } from "../primitives/Icons"
import "./SocialLinks.css"

const icons: Record<string, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  x: XIcon,
  linkedin: LinkedinIcon,
  instagram: InstagramIcon,
}

interface Props {
  social: readonly Queries.SocialLinkFragment[]
  className?: string
  /** The surface it sits on: links light on dark (the default), or dark on light */
  surface?: "dark" | "light"
}

/** The company's social profiles; profiles marked hidden in content are left out. */
export function SocialLinks({ social, className = "", surface = "dark" }: Props) {
  // The list itself carries no name (a list is not meant to); each link is named after its network
  return (
    <ul className={["social-links", surface === "light" ? "social-links--on-light" : "", className].filter(Boolean).join(" ")}>
      {social
        .filter((profile) => !profile.hidden)
        .map((profile) => {
          const Icon = icons[profile.network]
          return (
            <li key={profile.network}>
              <a href={profile.url} rel="noopener noreferrer" target="_blank" aria-label={profile.label}>
                {Icon ? <Icon aria-hidden="true" size={18} /> : profile.label}
              </a>
            </li>
          )
        })}
    </ul>
  )
}

export const socialLinkFragment = graphql`
  fragment SocialLink on CompanySocial {
    network
    label
    url
    hidden
  }
`

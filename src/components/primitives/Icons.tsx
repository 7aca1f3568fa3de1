import * as React from "react"
import { completeIconSprite, iconId, type IconName } from "../../lib/icon-sprite"

interface IconProps {
  /** Width and height, in CSS pixels */
  size: number
  className?: string
  "aria-hidden"?: "true"
  /** Not shown, but in the page: its symbol stays in the page's sprite (a button's other state's icon) */
  hidden?: boolean
}

/**
 * An icon drawn from the page's sprite (src/lib/icon-sprite.ts): the
 * JavaScript holds its name, not its shapes. The sprite holds the icons the
 * server drew; one that appears later (the hero's play button once paused, a
 * page reached without a page load) has its symbol fetched then. Every icon
 * of the site stands beside its words, so it is hidden from assistive
 * technology.
 */
function SpriteIcon({ name, size, className, hidden }: IconProps & { name: IconName }) {
  React.useEffect(() => {
    if (!document.getElementById(iconId(name))) void completeIconSprite(document)
  }, [name])
  return (
    <svg
      width={size}
      height={size}
      fill="currentColor"
      viewBox="0 0 256 256"
      aria-hidden="true"
      focusable="false"
      className={className}
      style={hidden ? { display: "none" } : undefined}
    >
      <use href={`#${iconId(name)}`} />
    </svg>
  )
}

const icon = (name: IconName) => {
  const Icon = (props: IconProps) => <SpriteIcon name={name} {...props} />
  Icon.displayName = `Icon(${name})`
  return Icon
}

export const ArrowRightIcon = icon("arrow-right")
export const ArrowUpIcon = icon("arrow-up")
export const CaretDownIcon = icon("caret-down")
export const CaretLeftIcon = icon("caret-left")
export const CaretRightIcon = icon("caret-right")
export const CloseIcon = icon("close")
export const EmailIcon = icon("email")
export const FacebookIcon = icon("facebook")
export const InstagramIcon = icon("instagram")
export const LinkedinIcon = icon("linkedin")
export const LocationIcon = icon("location")
export const MenuIcon = icon("menu")
export const PauseIcon = icon("pause")
export const PhoneIcon = icon("phone")
export const PlayIcon = icon("play")
export const TaxIcon = icon("tax")
export const XIcon = icon("x")

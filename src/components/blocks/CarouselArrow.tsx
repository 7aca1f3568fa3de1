import * as React from "react"
import { CaretLeftIcon, CaretRightIcon } from "../primitives/Icons"
import "./CarouselArrow.css"

interface Props {
  direction: "previous" | "next"
  label: string
  /** Injected by react-slick */
  className?: string
  onClick?: React.MouseEventHandler<HTMLButtonElement>
}

/** Previous/next button for react-slick, labelled from content. */
export function CarouselArrow({ direction, label, className = "", onClick }: Props) {
  const Icon = direction === "previous" ? CaretLeftIcon : CaretRightIcon
  return (
    <button type="button" className={`carousel-arrow carousel-arrow--${direction} ${className}`} aria-label={label} onClick={onClick}>
      <Icon aria-hidden="true" size={22} />
    </button>
  )
}

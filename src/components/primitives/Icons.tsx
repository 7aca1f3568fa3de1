/**
 * The one icon set of the site (Phosphor, regular weight). Importing from the
 * SSR entry keeps icons context-free, so they render identically on the server.
 */
export {
  ArrowUp as ArrowUpIcon,
  CaretDown as CaretDownIcon,
  CaretLeft as CaretLeftIcon,
  CaretRight as CaretRightIcon,
  EnvelopeSimple as EmailIcon,
  FacebookLogo as FacebookIcon,
  InstagramLogo as InstagramIcon,
  LinkedinLogo as LinkedinIcon,
  List as MenuIcon,
  MapPin as LocationIcon,
  Pause as PauseIcon,
  Phone as PhoneIcon,
  Play as PlayIcon,
  X as CloseIcon,
  XLogo as XIcon,
  ArrowRight as ArrowRightIcon,
  IdentificationCard as TaxIcon,
} from "@phosphor-icons/react/dist/ssr"

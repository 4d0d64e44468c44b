// Inline SVG icons (no icon font): each is a few hundred bytes and tree-shaken.
// Decorative by default; pass a `title` to make one meaningful to screen readers.
import type { ReactNode, SVGProps } from 'react'
import { HEADER_ICONS } from '@/config/first-paint'

type IconProps = SVGProps<SVGSVGElement> & { title?: string; size?: number }

function Icon({ title, size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  )
}

// The header's own, which the server paints as well before any script (config/first-paint.ts).
const strokes = (paths: readonly string[]) => paths.map((d) => <path key={d} d={d} />)
export const MenuIcon = (p: IconProps) => <Icon {...p}>{strokes(HEADER_ICONS.menu)}</Icon>
export const SearchIcon = (p: IconProps) => <Icon {...p}>{strokes(HEADER_ICONS.search)}</Icon>
export const CartIcon = (p: IconProps) => <Icon {...p}>{strokes(HEADER_ICONS.cart)}</Icon>
export const UserIcon = (p: IconProps) => <Icon {...p}>{strokes(HEADER_ICONS.account)}</Icon>
export const CloseIcon = (p: IconProps) => (
  <Icon {...p}><path d="M6 6l12 12M18 6L6 18" /></Icon>
)
export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}><path d="M6 9l6 6 6-6" /></Icon>
)
export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}><path d="M15 6l-6 6 6 6" /></Icon>
)
export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...p}><path d="M9 6l6 6-6 6" /></Icon>
)
export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 4h3l1.5 4-2 1.3a11 11 0 0 0 7.2 7.2L16 14.5l4 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Icon>
)
export const MailIcon = (p: IconProps) => (
  <Icon {...p}><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3.5 6.5L12 13l8.5-6.5" /></Icon>
)
export const MapPinIcon = (p: IconProps) => (
  <Icon {...p}><path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" /><circle cx="12" cy="10" r="2.3" /></Icon>
)
export const WhatsAppIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20l1.3-3.9A8 8 0 1 1 8.2 19z" />
    <path d="M9 8.8c0 3.3 2.9 6.2 6.2 6.2l1.1-1.6-2-1-1 .9a5 5 0 0 1-2.6-2.6l.9-1-1-2z" />
  </Icon>
)
export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}><rect x="4" y="4" width="16" height="16" rx="4.5" /><circle cx="12" cy="12" r="3.6" /><circle cx="17" cy="7" r=".6" /></Icon>
)
export const FacebookIcon = (p: IconProps) => (
  <Icon {...p}><path d="M14.5 8H17V4.5h-2.5A3.5 3.5 0 0 0 11 8v2.5H8.5V14H11v6h3.5v-6H17l.5-3.5h-3V8.8a.8.8 0 0 1 .8-.8z" /></Icon>
)
export const TikTokIcon = (p: IconProps) => (
  <Icon {...p}><path d="M14 4v10.5a3.5 3.5 0 1 1-3.5-3.5" /><path d="M14 4c.4 2.6 2.2 4.3 5 4.5" /></Icon>
)
export const PauseIcon = (p: IconProps) => (
  <Icon {...p}><path d="M9 6v12M15 6v12" /></Icon>
)
export const PlayIcon = (p: IconProps) => (
  <Icon {...p}><path d="M8 5.5v13l10.5-6.5z" /></Icon>
)
export const CheckIcon = (p: IconProps) => (
  <Icon {...p}><path d="M5 12.5l4.5 4.5L19 7.5" /></Icon>
)
export const AlertIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="12" r="9" /><path d="M12 7.5v5.5M12 16.3v.2" /></Icon>
)
export const TrashIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4.5 7h15M10 11v6M14 11v6M6.5 7l.8 11.2a2 2 0 0 0 2 1.8h5.4a2 2 0 0 0 2-1.8L17.5 7M9.5 7V5a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v2" /></Icon>
)

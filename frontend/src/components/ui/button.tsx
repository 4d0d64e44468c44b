import type { AnchorHTMLAttributes, ComponentPropsWithRef } from 'react'
import { Link, type LinkProps } from 'react-router'
import styles from './button.module.css'

type Variant = 'primary' | 'secondary' | 'ghost' | 'light'

function classes(variant: Variant, block: boolean | undefined, extra?: string) {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ')
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: Variant
  block?: boolean
}

export function Button({ variant = 'primary', block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={classes(variant, block, className)} {...rest} />
}

/** A link that looks like a button (navigation stays a real <a>). */
export function ButtonLink({ variant = 'primary', block, className, ...rest }: LinkProps & { variant?: Variant; block?: boolean }) {
  return <Link className={classes(variant, block, className)} {...rest} />
}

/** External link styled as a button. */
export function ButtonAnchor({ variant = 'primary', block, className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant; block?: boolean }) {
  return <a className={classes(variant, block, className)} {...rest} />
}

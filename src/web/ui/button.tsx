import type { ComponentProps } from 'react';
import { Link, type LinkProps } from '../routing/links.tsx';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'light' | 'link';

function classes(variant: Variant, block: boolean | undefined, extra: string | undefined): string {
  return [styles.button, variant !== 'primary' && styles[variant], block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

/** A button's classes, for an element that must be another (a download link: a plain `<a download>`). */
export function buttonClassName(variant: Variant = 'primary'): string {
  return classes(variant, false, undefined);
}

export function Button({
  variant = 'primary',
  block,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: Variant; block?: boolean }) {
  return <button type={type} className={classes(variant, block, className)} {...props} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant = 'primary',
  block,
  className,
  ...props
}: LinkProps & { variant?: Variant; block?: boolean }) {
  return <Link className={classes(variant, block, className)} {...props} />;
}

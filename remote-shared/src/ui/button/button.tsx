import type { ButtonHTMLAttributes, Ref } from 'react';
import { SmartLink, type SmartLinkProps } from '../smart-link';
import styles from './button.module.css';

type ButtonVariant = 'primary' | 'secondary';

function classes(variant: ButtonVariant, extra?: string): string {
  return [styles.button, styles[variant], extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={classes(variant, className)} {...rest} />;
}

export interface ButtonLinkProps extends SmartLinkProps {
  variant?: ButtonVariant;
}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant = 'primary', className, ...rest }: ButtonLinkProps) {
  return <SmartLink className={classes(variant, className)} {...rest} />;
}

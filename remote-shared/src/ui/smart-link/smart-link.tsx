import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from '@firstday/router';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
}

/** Whether an href leaves the site (and so opens in a new tab). */
function isExternalHref(href: string): boolean {
  return /^https?:\/\//.test(href);
}

/**
 * One link for every href in the content: in-site paths go through the router, mail links stay
 * plain, and external links open in a new tab without handing the opener to the other site.
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  if (isExternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  if (href.startsWith('mailto:')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} {...rest}>
      {children}
    </Link>
  );
}

import type { ServiceLine as ServiceLineContent } from 'remote-shared/content';
import { SmartLink } from 'remote-shared/ui';
import { serviceText } from './scramble';
import styles from './our-services.module.css';
import { useScramble } from './use-scramble';

export interface ServiceLineProps {
  line: ServiceLineContent;
  href: string;
  active: boolean;
  animate: boolean;
  onActivate: () => void;
  onDeactivate: () => void;
}

/** One service: assistive technology reads the real words; only the eyes see the scramble. */
export function ServiceLine({
  line,
  href,
  active,
  animate,
  onActivate,
  onDeactivate,
}: ServiceLineProps) {
  const text = serviceText([line.firstword, line.secondword, line.thirdword]);
  const shown = useScramble(text, active, animate);
  return (
    <li className={styles.item} data-active={active}>
      <SmartLink
        href={href}
        className={styles.line}
        aria-label={text}
        onMouseEnter={onActivate}
        onMouseLeave={onDeactivate}
        onFocus={onActivate}
        onBlur={onDeactivate}
      >
        <span aria-hidden="true" className={styles.text} data-testid="service-text">
          {shown}
        </span>
        <span aria-hidden="true" className={styles.arrow}>
          →
        </span>
      </SmartLink>
    </li>
  );
}

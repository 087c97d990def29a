import type { ReactNode } from 'react';
import { mailtoHref, staffInbox } from 'remote-shared/content';
import { Button } from 'remote-shared/ui';
import { contextFieldNames } from '../../../functions/shared/contact-request.cjs';
import type { InboxRequest } from './inbox-request';
import { formatTime } from './received-time';
import styles from './request-card.module.css';

export interface RequestCardProps {
  readonly request: InboxRequest;
  readonly busy: boolean;
  /** Arrived live and not looked at yet: highlighted. */
  readonly fresh?: boolean;
  readonly error: string | null;
  readonly onToggleAnswered: (request: InboxRequest) => void;
  readonly onRescue: (request: InboxRequest) => void;
  readonly onDelete: (request: InboxRequest, opener: HTMLButtonElement) => void;
}

/**
 * One request. Everything a visitor typed is rendered as text (React escapes it), and the
 * message keeps its line breaks (pre-wrap), so nothing in it is ever read as markup.
 */
export function RequestCard({
  request,
  busy,
  fresh = false,
  error,
  onToggleAnswered,
  onRescue,
  onDelete,
}: RequestCardProps) {
  const text = staffInbox;
  const headingId = `request-${request.id}-name`;
  const answered = request.status === 'answered';
  const who = request.name || request.email || request.id;
  return (
    <article
      className={[styles.card, answered ? styles.answered : '', fresh ? styles.fresh : ''].join(
        ' ',
      )}
      aria-labelledby={headingId}
      data-request-id={request.id}
    >
      <header className={styles.header}>
        <h3 id={headingId} className={styles.name}>
          {request.name}
        </h3>
        {request.spam ? (
          <span className={[styles.badge, styles.badgeSpam].join(' ')}>{text.spam.badge}</span>
        ) : (
          <span className={[styles.badge, answered ? styles.badgeAnswered : ''].join(' ')}>
            {text.status[request.status]}
          </span>
        )}
      </header>
      <dl className={styles.facts}>
        <Fact term={text.fields.company}>{request.company}</Fact>
        <Fact term={text.fields.email}>
          <a
            className={styles.link}
            href={mailtoHref(request.email, text.replySubject(request.name, request.company))}
            aria-label={text.replyLabel(request.email)}
            // Opening the reply is answering it: no need to come back and mark it.
            onClick={() => {
              if (!answered && !request.spam && !busy) onToggleAnswered(request);
            }}
          >
            {request.email}
          </a>
        </Fact>
        <Fact term={text.fields.phone}>{request.phone}</Fact>
        <Fact term={text.fields.received}>
          {request.createdAt && (
            <time dateTime={request.createdAt.toISOString()}>{formatTime(request.createdAt)}</time>
          )}
        </Fact>
      </dl>
      <RequestContextFacts request={request} />
      <div className={styles.messageBlock}>
        <h4 className={styles.messageLabel}>{text.fields.message}</h4>
        <p className={[styles.message, request.message ? '' : styles.noMessage].join(' ')}>
          {request.message || text.noMessage}
        </p>
      </div>
      {answered && request.answeredAt && (
        <p className={styles.answeredAt}>
          <time dateTime={request.answeredAt.toISOString()}>
            {text.answeredAt(formatTime(request.answeredAt))}
          </time>
        </p>
      )}
      {request.spam && (
        <p className={styles.answeredAt}>
          {text.spam.why(
            request.spamReasons.map((reason) => text.spam.reasons[reason] ?? reason).join(', '),
          )}{' '}
          {text.spam.note}
        </p>
      )}
      <div className={styles.actions}>
        {request.spam ? (
          <Button
            variant="primary"
            aria-disabled={busy}
            aria-label={text.actionLabel(text.spam.notSpam, who)}
            onClick={() => busy || onRescue(request)}
          >
            {text.spam.notSpam}
          </Button>
        ) : (
          <Button
            variant={answered ? 'secondary' : 'primary'}
            // Not disabled while saving (a disabled button drops focus to the page): it says so
            // and ignores presses instead, so focus stays on the control just used.
            aria-disabled={busy}
            aria-label={text.actionLabel(answered ? text.markNew : text.markAnswered, who)}
            onClick={() => busy || onToggleAnswered(request)}
          >
            {answered ? text.markNew : text.markAnswered}
          </Button>
        )}
        <Button
          variant="secondary"
          className={styles.delete}
          aria-disabled={busy}
          aria-label={text.actionLabel(text.delete, who)}
          onClick={(event) => busy || onDelete(request, event.currentTarget)}
        >
          {text.delete}
        </Button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

/** Where the request came from: only what was stored (older requests have none of it). */
function RequestContextFacts({ request }: { request: InboxRequest }) {
  const labels = staffInbox.context;
  const known = contextFieldNames.filter((field) => request.context[field] !== '');
  if (known.length === 0) return null;
  return (
    <div className={styles.messageBlock}>
      <h4 className={styles.messageLabel}>{labels.label}</h4>
      <dl className={styles.facts}>
        {known.map((field) => (
          <Fact key={field} term={labels[field]}>
            {request.context[field]}
          </Fact>
        ))}
      </dl>
    </div>
  );
}

/** One labelled fact of a request. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className={styles.term}>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

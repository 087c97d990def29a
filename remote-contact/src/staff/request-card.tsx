import { useState, type ReactNode } from 'react';
import { mailtoHref } from 'remote-shared/content';
import { staffInbox, type RequestStatus } from 'remote-shared/staff-content';
import { Button, visuallyHidden } from 'remote-shared/ui';
import {
  contextFieldNames,
  staffSpamReasons,
} from '../../../platform/contact-request/contact-schema.cjs';
import type { InboxRequest } from './inbox-request';
import { LeadControls } from './lead/lead-controls';
import { LeadNote, type NoteOutcome } from './lead/lead-note';
import { LeadHistory } from './lead/lead-history';
import { readDraft } from './lead/note-drafts';
import { requestHref } from './request-link';
import type { StaffSpamReason } from './use-inbox-requests';
import { formatTime } from './received-time';
import styles from './request-card.module.css';

/** Said, not shown: headings for screen readers (and the outline) where the content reads as itself. */
const quiet = visuallyHidden.always;

export interface RequestCardProps {
  readonly request: InboxRequest;
  readonly busy: boolean;
  /** Arrived live and not looked at yet: highlighted. */
  readonly fresh?: boolean;
  /** Opened through its own link: highlighted. */
  readonly linked?: boolean;
  readonly error: string | null;
  /** The staff who can own it; null while it loads. */
  readonly roster: readonly string[] | null;
  /** The signed-in account's uid (its unsaved notes are kept on this device under it). */
  readonly account: string;
  readonly onStatus: (request: InboxRequest, status: RequestStatus) => void;
  readonly onOwner: (request: InboxRequest, owner: string) => void;
  readonly onNote: (
    request: InboxRequest,
    note: string,
    startedFrom: string,
  ) => Promise<NoteOutcome>;
  readonly onRescue: (request: InboxRequest) => void;
  readonly onMarkSpam: (request: InboxRequest, reason: StaffSpamReason) => void;
  /** Chosen for a bulk action. */
  readonly selected: boolean;
  readonly onSelect: (request: InboxRequest, on: boolean) => void;
  readonly onDelete: (request: InboxRequest, opener: HTMLButtonElement) => void;
}

/**
 * A message longer than this (or of more lines) shows its first two lines until expanded: about
 * two lines on a phone, so every card keeps the same short preview.
 */
const longMessage = { characters: 100, lines: 2 };
const isLong = (message: string) =>
  message.length > longMessage.characters || message.split('\n').length > longMessage.lines;

/**
 * One request, compact enough that several fit a screen: who and what at a glance, the message's
 * first lines, the lead's status and owner; the note and the history one disclosure away.
 * Everything a visitor typed is rendered as text (React escapes it), and the message keeps its
 * line breaks (pre-wrap), so nothing in it is ever read as markup.
 */
export function RequestCard({
  request,
  busy,
  fresh = false,
  linked = false,
  error,
  roster,
  account,
  onStatus,
  onOwner,
  onNote,
  onRescue,
  onMarkSpam,
  selected,
  onSelect,
  onDelete,
}: RequestCardProps) {
  const text = staffInbox;
  const headingId = `request-${request.id}-name`;
  const messageId = `request-${request.id}-message`;
  const [expanded, setExpanded] = useState(false);
  const [draftKept] = useState(() => readDraft(account, request.id) !== null);
  // The note and the history are drawn once first opened (then kept, with what was typed):
  // most cards are never opened, and a closed card costs a third of the nodes.
  const [opened, setOpened] = useState(draftKept);
  const open = request.status === 'new';
  const who = request.name || request.email || request.id;
  const long = isLong(request.message);
  return (
    <article
      id={`request-${request.id}`}
      // Focused when opened through its link.
      tabIndex={-1}
      className={[
        styles.card,
        open ? '' : styles.worked,
        fresh ? styles.fresh : '',
        linked ? styles.linked : '',
      ].join(' ')}
      aria-labelledby={headingId}
      data-request-id={request.id}
    >
      <header className={styles.header}>
        <input
          type="checkbox"
          className={styles.pick}
          aria-label={text.actionLabel(text.bulk.select, who)}
          checked={selected}
          onChange={(event) => onSelect(request, event.target.checked)}
        />
        <h3 id={headingId} className={styles.name}>
          {request.name}
        </h3>
        {request.spam ? (
          <span className={[styles.badge, styles.badgeSpam].join(' ')}>{text.spam.badge}</span>
        ) : (
          <span className={[styles.badge, open ? '' : styles.badgeWorked].join(' ')}>
            {text.status[request.status]}
          </span>
        )}
        {/* Email, company, phone and time read as themselves: one muted line, their terms said. */}
        <dl className={[styles.facts, styles.meta].join(' ')}>
          <Fact hideTerm="always" term={text.fields.email}>
            <a
              className={styles.link}
              href={mailtoHref(request.email, text.replySubject(request.name, request.company))}
              aria-label={text.replyLabel(request.email)}
              // Opening the reply is replying: no need to come back and mark it.
              onClick={() => {
                if (open && !request.spam && !busy) onStatus(request, 'replied');
              }}
            >
              {request.email}
            </a>
          </Fact>
          <Fact hideTerm="always" term={text.fields.company}>
            {request.company}
          </Fact>
          <Fact hideTerm="always" term={text.fields.phone}>
            {request.phone}
          </Fact>
          <Fact hideTerm="always" term={text.fields.received}>
            {request.createdAt && (
              <time dateTime={request.createdAt.toISOString()}>
                {formatTime(request.createdAt)}
              </time>
            )}
          </Fact>
        </dl>
        <a
          className={[styles.link, styles.permalink].join(' ')}
          href={requestHref(request.id)}
          aria-label={text.linkLabel(who)}
        >
          {text.link}
        </a>
      </header>
      <div className={styles.messageBlock}>
        <h4 className={[styles.messageLabel, quiet].join(' ')}>{text.fields.message}</h4>
        <p
          id={messageId}
          className={[
            styles.message,
            request.message ? '' : styles.noMessage,
            long && !expanded ? styles.clamped : '',
          ].join(' ')}
        >
          {request.message || text.noMessage}
        </p>
      </div>
      <RequestContextFacts request={request} />
      {request.spam && (
        <p className={styles.aside}>
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
            className={styles.compact}
            data-main-control
            aria-disabled={busy}
            aria-label={text.actionLabel(text.spam.notSpam, who)}
            onClick={() => busy || onRescue(request)}
          >
            {text.spam.notSpam}
          </Button>
        ) : (
          <LeadControls
            request={request}
            who={who}
            busy={busy}
            failed={error !== null}
            roster={roster}
            onStatus={onStatus}
            onOwner={onOwner}
          />
        )}
        {!request.spam && (
          <select
            className={styles.markSpam}
            aria-label={text.actionLabel(text.spam.mark, who)}
            aria-disabled={busy}
            value=""
            onChange={(event) => {
              const reason = staffSpamReasons.find((known) => known === event.target.value);
              if (reason && !busy) onMarkSpam(request, reason);
            }}
          >
            <option value="">{text.spam.markChoose}</option>
            {staffSpamReasons.map((reason) => (
              <option key={reason} value={reason}>
                {text.spam.markReasons[reason]}
              </option>
            ))}
          </select>
        )}
        {long && (
          <button
            type="button"
            className={styles.more}
            aria-expanded={expanded}
            aria-controls={messageId}
            aria-label={text.actionLabel(expanded ? text.hideMessage : text.showMessage, who)}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? text.hideMessage : text.showMessage}
          </button>
        )}
        {!request.spam && (
          // Open when a note typed here was not saved: it is offered back at once.
          <details
            className={styles.details}
            open={draftKept || undefined}
            onToggle={(event) => {
              if (event.currentTarget.open) setOpened(true);
            }}
          >
            <summary
              // Drawn on intent (focus, a press), so the note is there when the disclosure opens
              // and a Tab right after Enter reaches it.
              onFocus={() => setOpened(true)}
              onPointerDown={() => setOpened(true)}
              className={styles.summary}
              aria-label={text.actionLabel(
                request.note ? `${text.lead.more} · ${text.lead.note}` : text.lead.more,
                who,
              )}
            >
              {text.lead.more}
              {request.note ? ` · ${text.lead.note}` : ''}
            </summary>
            {opened && (
              <div className={styles.moreBody}>
                <LeadNote
                  request={request}
                  who={who}
                  busy={busy}
                  account={account}
                  onNote={onNote}
                />
                <LeadHistory request={request} />
              </div>
            )}
          </details>
        )}
        {request.changedAt && (
          <p className={styles.changed}>
            <time dateTime={request.changedAt.toISOString()}>
              {text.lead.lastChange(request.changedBy, formatTime(request.changedAt))}
            </time>
          </p>
        )}
        <Button
          variant="secondary"
          className={[styles.compact, styles.delete].join(' ')}
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
    <div className={styles.contextBlock}>
      <h4 className={[styles.messageLabel, quiet].join(' ')}>{labels.label}</h4>
      <dl className={styles.facts}>
        {known.map((field) => (
          <Fact key={field} hideTerm="narrow" term={labels[field]}>
            {request.context[field]}
          </Fact>
        ))}
      </dl>
    </div>
  );
}

/**
 * One labelled fact of a request, on one line; none when the request has no value for it. Its
 * term is said, not shown (`hideTerm`), where the value reads as itself: the sender's email,
 * company, phone and time always, where the request came from on a phone too
 * ("/contact · newsletter · en-GB").
 */
function Fact({
  term,
  hideTerm,
  children,
}: {
  term: string;
  hideTerm: keyof typeof visuallyHidden;
  children: ReactNode;
}) {
  if (children === '' || children === null || children === undefined || children === false) {
    return null;
  }
  return (
    <div className={styles.fact}>
      <dt className={[styles.term, visuallyHidden[hideTerm]].join(' ')}>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

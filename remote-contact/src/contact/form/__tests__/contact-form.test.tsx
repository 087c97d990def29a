import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studio } from 'remote-shared/content';
import { contactPage } from 'remote-shared/contact-content';
import { ContactPage } from '../../page/contact-page';
import {
  ContactWriteError,
  type ContactSubmission,
  type ContactWriteFailure,
  type WriteContact,
} from '../../../firebase/contact-submission';
import { contactLimits } from '../contact-limits';

type Deferred = { resolve: () => void; reject: (error: Error) => void };

/** A fake writer whose every call waits until the test answers it. */
function controlledWriter() {
  const calls: Array<{ id: string; submission: ContactSubmission } & Deferred> = [];
  const write: WriteContact = (id, submission) =>
    new Promise((resolve, reject) => {
      calls.push({ id, submission, resolve: () => resolve('created'), reject });
    });
  return { write: jest.fn(write), calls };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: contactPage.submit });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^name/i), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: /^phone/i }), '442079460000');
  await user.type(field(/^email/i), 'ada@example.com');
  await user.type(field(/^company/i), 'Analytical Engines');
  await user.type(field(/^message/i), 'Hello');
}

/** Replaces what `input` holds with `text`, pasted as a visitor would. */
async function pasteInto(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLElement,
  text: string,
): Promise<void> {
  await user.clear(input);
  input.focus();
  await user.paste(text);
}

function setup(write: WriteContact = jest.fn(async () => 'created' as const)) {
  const user = userEvent.setup();
  const preload = jest.fn();
  render(<ContactPage writer={{ write, preload }} />);
  return { user, write, preload };
}

/** Fills the form in, sends it, and has the write fail for `reason`. */
async function sendAndFail(reason: ContactWriteFailure, message: string = reason) {
  const { write, calls } = controlledWriter();
  const { user } = setup(write);
  await fillValid(user);
  await user.click(submitButton());
  await act(async () => calls[0]!.reject(new ContactWriteError(reason, message)));
  return { user, calls };
}

describe('the contact form', () => {
  it('labels every field visibly and shows its placeholder', () => {
    setup();
    for (const name of ['name', 'phone', 'email', 'company', 'message'] as const) {
      const { label, placeholder } = contactPage.fields[name];
      const input = screen.getByLabelText(new RegExp(`^${label}`));
      expect(input).toHaveAttribute('placeholder', placeholder);
      expect(input).toBeVisible();
    }
    expect(submitButton()).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: contactPage.clear })).toBeInTheDocument();
  });

  it('shows the four messages on an empty submit, marks the fields and sends nothing', async () => {
    const { user, write } = setup();
    await user.click(submitButton());
    for (const name of ['name', 'phone', 'email', 'company'] as const) {
      const input = screen.getByLabelText(new RegExp(`^${contactPage.fields[name].label}`));
      const message = screen.getByText(contactPage.fields[name].required);
      expect(message).toBeVisible();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAttribute('aria-describedby', message.id);
      expect(input).toHaveAccessibleDescription(contactPage.fields[name].required);
    }
    expect(field(/^message/i)).not.toHaveAttribute('aria-invalid');
    expect(write).not.toHaveBeenCalled();
    // Focus goes to the first field to fix.
    expect(field(/^name/i)).toHaveFocus();
  });

  it('clears a field’s error as soon as it is fixed', async () => {
    const { user } = setup();
    await user.click(submitButton());
    await user.type(field(/^name/i), 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(field(/^name/i)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Email is required')).toBeVisible();
  });

  it('shows the email message for an invalid address and sends nothing', async () => {
    const { user, write } = setup();
    await fillValid(user);
    await user.clear(field(/^email/i));
    await user.type(field(/^email/i), 'ada@example');
    await user.click(submitButton());
    expect(screen.getByText(contactPage.invalidEmail)).toBeVisible();
    expect(write).not.toHaveBeenCalled();
  });

  it('keeps only digits (and a leading +) in the phone field, typed or pasted', async () => {
    const { user } = setup();
    const phone = screen.getByRole('textbox', { name: /^phone/i });
    await user.type(phone, '+44 (20) abc');
    expect(phone).toHaveValue('+4420');
    await pasteInto(user, phone, 'tel: +1-555-0100 ext. 7');
    expect(phone).toHaveValue('+155501007');
  });

  it('blocks a message over the limit with a message, keeping the text', async () => {
    const { user, write } = setup();
    await fillValid(user);
    const message = field(/^message/i);
    await pasteInto(user, message, 'x'.repeat(5001));
    await user.click(submitButton());
    expect(screen.getByText(contactPage.tooLong(5000))).toBeVisible();
    expect(message).toHaveValue('x'.repeat(5001));
    expect(write).not.toHaveBeenCalled();
  });

  it('Clear empties every field and every error', async () => {
    const { user } = setup();
    await user.type(field(/^name/i), 'Ada');
    await user.click(submitButton());
    expect(screen.getByText('Phone number is required')).toBeVisible();
    await user.click(screen.getByRole('button', { name: contactPage.clear }));
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveValue('');
    expect(screen.queryByText(/is required/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^name/i })).not.toHaveAttribute('aria-invalid');
  });

  it('sends trimmed values, says it is sending, then thanks and clears', async () => {
    const { write, calls } = controlledWriter();
    const { user } = setup(write);
    await user.type(field(/^name/i), '  Ada Lovelace  ');
    await user.type(screen.getByRole('textbox', { name: /^phone/i }), '442079460000');
    await user.type(field(/^email/i), ' ada@example.com');
    await user.type(field(/^company/i), 'Analytical Engines ');
    await user.click(submitButton());

    const sendingButton = screen.getByRole('button', { name: contactPage.sending });
    expect(sendingButton).toBeDisabled();
    expect(write).toHaveBeenCalledTimes(1);
    expect(calls[0]!.submission).toEqual({
      name: 'Ada Lovelace',
      phone: '442079460000',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      message: '',
    });
    expect(calls[0]!.id).toMatch(/^[A-Za-z0-9]{20}$/);

    await act(async () => calls[0]!.resolve());
    const dialog = await screen.findByRole('dialog', { name: contactPage.thankYouTitle });
    expect(dialog).toBeVisible();
    for (const input of screen.getAllByRole('textbox', { hidden: true }))
      if (input.id !== 'contact-website') expect(input).toHaveValue('');
    expect(submitButton()).toBeEnabled();
  });

  it('thanks again for a second request after the popup was closed', async () => {
    const { user, write } = setup();
    await fillValid(user);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: contactPage.thankYouClose }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submitButton()).toHaveFocus();
    await fillValid(user);
    await user.click(submitButton());
    await screen.findByRole('dialog');
    expect(write).toHaveBeenCalledTimes(2);
    expect(jest.mocked(write).mock.calls[1]![0]).not.toBe(jest.mocked(write).mock.calls[0]![0]);
  });

  it('sends once for a double click', async () => {
    const { write, calls } = controlledWriter();
    const { user } = setup(write);
    await fillValid(user);
    await user.dblClick(submitButton());
    expect(write).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]!.resolve());
    await screen.findByRole('dialog');
  });

  it('on failure shows an alert, keeps everything typed, and retries with the same id', async () => {
    const { user, calls } = await sendAndFail('unavailable', 'offline');

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(contactPage.failures.unavailable);
    expect(alert).toHaveTextContent(contactPage.keptNote);
    expect(field(/^name/i)).toHaveValue('Ada Lovelace');
    expect(field(/^message/i)).toHaveValue('Hello');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(submitButton());
    expect(calls[1]!.id).toBe(calls[0]!.id);
    await act(async () => calls[1]!.resolve());
    await screen.findByRole('dialog');
    expect(screen.getByRole('alert', { hidden: true })).not.toBeVisible();
  });

  it.each(['timeout', 'unavailable', 'refused', 'unconfirmed', 'configuration'] as const)(
    'says what it knows when a write fails (%s), keeps the text and offers the email address',
    async (reason: ContactWriteFailure) => {
      await sendAndFail(reason);

      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(contactPage.failures[reason]);
      expect(within(alert).getByRole('link', { name: studio.email })).toHaveAttribute(
        'href',
        `mailto:${studio.email}`,
      );
      // Only a network failure may blame the connection.
      if (reason !== 'unavailable') expect(alert).not.toHaveTextContent(/connection/i);
      expect(field(/^name/i)).toHaveValue('Ada Lovelace');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(submitButton()).toBeEnabled();
    },
  );

  it('says when another request is allowed when one was sent a moment ago, keeping the text', async () => {
    const { write, calls } = controlledWriter();
    const { user } = setup(write);
    await fillValid(user);
    await user.click(submitButton());
    const retryAt = new Date(2026, 10, 24, 14, 31, 20);
    await act(async () =>
      calls[0]!.reject(new ContactWriteError('too-soon', 'too soon', { retryAt })),
    );
    const alert = screen.getByRole('alert');
    // Rounded up to the minute: never earlier than the server allows.
    const time = new Date(2026, 10, 24, 14, 32).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(alert).toHaveTextContent(contactPage.tooSoonUntil(time));
    expect(alert).toHaveTextContent(contactPage.keptNote);
    expect(field(/^message/i)).toHaveValue('Hello');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Sent again unchanged later, it is the same submission (same id): never a duplicate.
    await user.click(submitButton());
    expect(calls[1]!.id).toBe(calls[0]!.id);
  });

  it('starts loading the writer once, on the first interaction', async () => {
    const { user, preload } = setup();
    expect(preload).not.toHaveBeenCalled();
    await user.click(field(/^name/i));
    await user.type(field(/^email/i), 'a');
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it.each(Object.entries(contactLimits))(
    'holds %s to the limit the rules enforce (%i)',
    async (name, limit) => {
      const { user, write } = setup();
      await fillValid(user);
      const input = screen.getByLabelText(
        new RegExp(`^${contactPage.fields[name as keyof typeof contactLimits].label}`),
      );
      const at = name === 'email' ? `${'a'.repeat(limit - 12)}@example.com` : '1'.repeat(limit);
      await pasteInto(user, input, `${at}1`);
      await user.click(submitButton());
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(write).not.toHaveBeenCalled();
      await pasteInto(user, input, at);
      await user.click(submitButton());
      expect(write).toHaveBeenCalledTimes(1);
    },
  );

  it('refuses a name of invisible characters only, and one with control characters', async () => {
    const { user, write } = setup();
    await fillValid(user);
    const name = field(/^name/i);
    await pasteInto(user, name, '\u00a0\u200b\u3000');
    await user.click(submitButton());
    expect(screen.getByText(contactPage.fields.name.required)).toBeVisible();
    await pasteInto(user, name, 'Ada\u001b[2JLovelace');
    await user.click(submitButton());
    expect(screen.getByText(contactPage.controlCharacters)).toBeVisible();
    expect(write).not.toHaveBeenCalled();
  });

  it('uses a new id once the visitor changes what they send', async () => {
    const { user, calls } = await sendAndFail('timeout', 'no answer');
    await user.type(field(/^message/i), ' again');
    await user.click(submitButton());
    expect(calls[1]!.id).not.toBe(calls[0]!.id);
  });

  it('a filled honeypot shows the same success and sends the request, reporting the trap', async () => {
    const { user, write } = setup();
    await fillValid(user);
    const trap = document.getElementById('contact-website') as HTMLInputElement;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    trap.value = 'http://spam.example';
    await user.click(submitButton());
    await screen.findByRole('dialog');
    // Kept, not dropped: the notification function judges it and stores it apart as spam.
    expect(write).toHaveBeenCalledTimes(1);
    expect(jest.mocked(write).mock.calls[0]?.[2]).toEqual({
      honeypot: true,
      formSeconds: expect.any(Number) as number,
    });
  });

  it('reports an untouched honeypot and how long the form took', async () => {
    const { user, write } = setup();
    await fillValid(user);
    await user.click(submitButton());
    await screen.findByRole('dialog');
    const signals = jest.mocked(write).mock.calls[0]?.[2] as {
      honeypot: boolean;
      formSeconds: number;
    };
    expect(signals.honeypot).toBe(false);
    expect(signals.formSeconds).toBeGreaterThanOrEqual(0);
    expect(signals.formSeconds).toBeLessThan(60);
  });

  it('keeps the honeypot out of the tab order', async () => {
    const { user } = setup();
    const stops: string[] = [];
    field(/^name/i).focus();
    for (let i = 0; i < 8; i += 1) {
      stops.push(document.activeElement?.id || document.activeElement?.textContent || '');
      await user.tab();
    }
    expect(stops).not.toContain('contact-website');
  });

  it('treats markup typed into fields as text', async () => {
    const { write, calls } = controlledWriter();
    const { user } = setup(write);
    await fillValid(user);
    await user.type(field(/^company/i), '<b onmouseover=alert(1)>x</b>');
    await user.click(submitButton());
    expect(calls[0]!.submission.company).toBe('Analytical Engines<b onmouseover=alert(1)>x</b>');
    expect(document.querySelector('b')).toBeNull();
    const form = screen.getByRole('form', { name: contactPage.formLabel });
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

import { mailtoHref } from '../mailto';

/** What a mail client reads from the link: the recipient and any header fields. */
function parse(href: string) {
  const url = new URL(href);
  return {
    protocol: url.protocol,
    to: decodeURIComponent(url.pathname),
    query: url.search,
    hash: url.hash,
  };
}

describe('mailtoHref', () => {
  it('links an ordinary address as it is', () => {
    expect(mailtoHref('info@firstday.studio')).toBe('mailto:info@firstday.studio');
    expect(mailtoHref('a.b+tag@mail.example.co.uk')).toBe('mailto:a.b%2Btag@mail.example.co.uk');
  });

  it.each([
    'victim%40realcorp.example?bcc=spy%40evil.example&subject=Hi@b.co',
    'a?cc=spy@evil.example',
    'a@b.co?bcc=spy@evil.example',
    'a@b.co&bcc=spy@evil.example',
    'a#x@b.co',
    'a@b.co#x',
    'a@b.co,spy@evil.example',
    'a b@b.co\r\nBcc: spy@evil.example',
    'no-at-sign?bcc=spy@evil.example',
  ])('keeps %j one recipient, with no header fields', (address) => {
    const link = parse(mailtoHref(address));
    expect(link.protocol).toBe('mailto:');
    expect(link.query).toBe('');
    expect(link.hash).toBe('');
    // The recipient is exactly the stored text, nothing added or cut.
    expect(link.to).toBe(address);
  });
});

describe('mailtoHref with a subject', () => {
  it('adds exactly one subject, on one line, that cannot start another parameter or header', () => {
    const href = mailtoHref('ada@example.com', 'Re: Ada & Co\r\nBcc: spy@evil.example ?x=1');
    expect(href).toBe(
      'mailto:ada@example.com?subject=Re%3A%20Ada%20%26%20Co%20Bcc%3A%20spy%40evil.example%20%3Fx%3D1',
    );
    const url = new URL(href);
    expect([...url.searchParams.keys()]).toEqual(['subject']);
  });
});

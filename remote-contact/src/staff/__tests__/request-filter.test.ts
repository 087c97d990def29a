import { toInboxRequest, type InboxRequest } from '../inbox-request';
import { campaignsOf, countsByView, filterRequests } from '../request-filter';

const request = (id: string, fields: Partial<InboxRequest>): InboxRequest => ({
  ...toInboxRequest(id, {}),
  ...fields,
});

const requests = [
  request('a', { name: 'Zoë Brandt', company: 'Acme', email: 'zoe@acme.io' }),
  request('b', { name: 'Ada', message: 'A new shop\nfor bikes', status: 'replied' }),
];

const ids = (found: InboxRequest[]) => found.map((r) => r.id);

describe('filterRequests', () => {
  it('finds every word in name, company, email or message, ignoring case and accents', () => {
    expect(ids(filterRequests(requests, 'zoe ACME', 'all'))).toEqual(['a']);
    expect(ids(filterRequests(requests, 'acme.io', 'all'))).toEqual(['a']);
    expect(ids(filterRequests(requests, 'shop bikes', 'all'))).toEqual(['b']);
    expect(ids(filterRequests(requests, '  ', 'all'))).toEqual(['a', 'b']);
    expect(ids(filterRequests(requests, 'nobody', 'all'))).toEqual([]);
  });

  it('keeps only the status asked for', () => {
    expect(ids(filterRequests(requests, '', 'new'))).toEqual(['a']);
    expect(ids(filterRequests(requests, '', 'replied'))).toEqual(['b']);
  });
});

describe('the campaign filter', () => {
  const context = (utmCampaign: string, utmSource: string) => ({
    ...toInboxRequest('x', {}).context,
    utmCampaign,
    utmSource,
  });
  const sourced = [
    request('a', { context: context('autumn', 'dribbble') }),
    request('b', { context: context('', '') }),
    request('c', { context: context('spring', 'newsletter') }),
    request('d', { context: context('autumn', 'newsletter') }),
  ];

  it('lists each campaign once, sorted', () => {
    expect(campaignsOf(sourced)).toEqual(['autumn', 'spring']);
  });

  it('keeps one campaign, requests without one, or any', () => {
    expect(ids(filterRequests(sourced, '', 'all', 'autumn'))).toEqual(['a', 'd']);
    expect(ids(filterRequests(sourced, '', 'all', ''))).toEqual(['b']);
    expect(ids(filterRequests(sourced, '', 'all', null))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('searches where a request came from too', () => {
    expect(ids(filterRequests(sourced, 'dribbble', 'all'))).toEqual(['a']);
  });
});

describe('the spam view', () => {
  const mixed = [
    request('a', {}),
    request('b', { spam: true }),
    request('c', { status: 'replied' }),
    request('d', { spam: true, status: 'replied' }),
  ];

  it('shows suspected spam only there, never among all, new or replied', () => {
    expect(ids(filterRequests(mixed, '', 'spam'))).toEqual(['b', 'd']);
    expect(ids(filterRequests(mixed, '', 'all'))).toEqual(['a', 'c']);
    expect(ids(filterRequests(mixed, '', 'new'))).toEqual(['a']);
    expect(ids(filterRequests(mixed, '', 'replied'))).toEqual(['c']);
  });
});

describe('countsByView', () => {
  it('counts each view as the filter shows it', () => {
    const mixed = [
      request('a', {}),
      request('b', { spam: true }),
      request('c', { status: 'replied' }),
    ];
    expect(countsByView(mixed)).toEqual({
      all: 2,
      new: 1,
      replied: 1,
      'in-talks': 0,
      won: 0,
      lost: 0,
      spam: 1,
    });
  });
});

import type { InboxRequest } from '../inbox-request';
import { filterRequests } from '../request-filter';

const request = (id: string, fields: Partial<InboxRequest>): InboxRequest => ({
  id,
  name: '',
  phone: '',
  email: '',
  company: '',
  message: '',
  createdAt: null,
  status: 'new',
  answeredAt: null,
  ...fields,
});

const requests = [
  request('a', { name: 'Zoë Brandt', company: 'Acme', email: 'zoe@acme.io' }),
  request('b', { name: 'Ada', message: 'A new shop\nfor bikes', status: 'answered' }),
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
    expect(ids(filterRequests(requests, '', 'answered'))).toEqual(['b']);
  });
});

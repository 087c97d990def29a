import { viewTokenPath } from '../../../../platform/field-data/beacon.cjs';
import { fetchViewToken } from '../fetch-view-token';

/** A window whose fetch answers `answer` (or throws it), recording what was asked. */
function windowAnswering(answer: (url: string) => Promise<Response>) {
  const asked: Array<[string, RequestInit | undefined]> = [];
  const fetch = (url: string, init?: RequestInit) => {
    asked.push([url, init]);
    return answer(url);
  };
  return { target: { fetch } as unknown as Window, asked };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('fetchViewToken', () => {
  it("asks the page's own origin for its set's token, uncached, and returns it", async () => {
    const { target, asked } = windowAnswering(() => json({ token: 'abc' }));
    await expect(fetchViewToken('0123456789ab', target)).resolves.toBe('abc');
    expect(asked).toEqual([
      [
        `${viewTokenPath}?set=0123456789ab`,
        expect.objectContaining({ cache: 'no-store', credentials: 'same-origin' }),
      ],
    ]);
  });

  it('gives none for a refusal, a body that is not a token, or a network failure', async () => {
    for (const answer of [
      () => json('unknown-set', 422),
      () => json({ token: 12 }),
      () => json(null),
      () => Promise.resolve(new Response('not json')),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ])
      await expect(fetchViewToken('0123456789ab', windowAnswering(answer).target)).resolves.toBe(
        undefined,
      );
  });
});

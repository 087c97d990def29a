import { rememberVisitSource, visitSource } from '../visit-source';

const site = 'https://firstday.studio';

beforeEach(() => sessionStorage.clear());

describe('the visit source', () => {
  it('keeps the landing page’s campaign and referrer origin for the session', () => {
    rememberVisitSource(
      `${site}/?utm_source=dribbble&utm_campaign=autumn&other=x`,
      'https://dribbble.com/shots/1?private=yes',
    );
    // Moving on inside the site (no parameters, the site itself as referrer) keeps it.
    rememberVisitSource(`${site}/contact`, `${site}/`);
    rememberVisitSource(`${site}/contact`, '');
    expect(visitSource()).toEqual({
      referrer: 'https://dribbble.com',
      utm: { utm_source: 'dribbble', utm_campaign: 'autumn' },
    });
  });

  it('starts a new source on a new landing with parameters or from another site', () => {
    rememberVisitSource(`${site}/?utm_campaign=autumn`, '');
    rememberVisitSource(`${site}/about`, 'https://news.example/article');
    expect(visitSource()).toEqual({ referrer: 'https://news.example', utm: {} });
  });

  it('is empty without a recorded landing, or with damaged storage', () => {
    expect(visitSource()).toEqual({ referrer: '', utm: {} });
    sessionStorage.setItem('firstday.visit-source', '{not json');
    expect(visitSource()).toEqual({ referrer: '', utm: {} });
  });
});

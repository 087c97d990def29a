import { rememberVisitSource, visitLandingScript, visitSource } from '../visit-source';

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

describe('the landing kept aside by the page’s inline script', () => {
  /** Runs the inline script as the browser would, on a page at `url` reached from `referrer`. */
  function runInlineScript(url: string, referrer: string) {
    const location = new URL(url);
    new Function('location', 'document', 'sessionStorage', visitLandingScript)(
      location,
      { referrer },
      sessionStorage,
    );
  }

  it('is recorded when the app starts on a later page (a link was tapped before it started)', () => {
    runInlineScript(`${site}/?utm_source=dribbble&utm_campaign=autumn`, 'https://dribbble.com/x');
    // The next page, reached by a link: nothing of its own to keep.
    runInlineScript(`${site}/contact`, `${site}/`);
    rememberVisitSource(`${site}/contact`, `${site}/`);
    expect(visitSource()).toEqual({
      referrer: 'https://dribbble.com',
      utm: { utm_source: 'dribbble', utm_campaign: 'autumn' },
    });
  });

  it('keeps nothing aside for a page reached from the site itself or typed in', () => {
    runInlineScript(`${site}/about`, `${site}/`);
    runInlineScript(`${site}/about`, '');
    rememberVisitSource(`${site}/about`, '');
    expect(visitSource()).toEqual({ referrer: '', utm: {} });
  });
});

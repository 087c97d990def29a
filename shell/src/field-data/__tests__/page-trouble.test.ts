import { announceCaughtError, watchPageTrouble } from '../page-trouble';

describe('page trouble', () => {
  it('counts an error an error boundary caught, which the window never hears of', () => {
    const trouble = watchPageTrouble(window);
    announceCaughtError(new Error('Home broke after hydration'));
    expect(trouble.take()).toMatchObject({ errors: 1, firstError: 'Home broke after hydration' });
    expect(trouble.take()).toMatchObject({ errors: 0 });
  });
});

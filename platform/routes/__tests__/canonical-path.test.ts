import { readPath } from '../canonical-path';

describe('readPath: one address per page, for the render server and the router alike', () => {
  it.each(['/', '/about', '/contact', '/menu', '/staff'])('%s is a page', (path) => {
    expect(readPath(path)).toMatchObject({ kind: 'page', route: { path } });
  });

  it.each([
    ['/ABOUT', '/about'],
    ['/About/', '/about'],
    ['/about/', '/about'],
    ['/about///', '/about'],
    ['//about', '/about'],
    ['/./about', '/about'],
    ['/x/../about', '/about'],
    ['/%61bout', '/about'],
    ['/CONTACT', '/contact'],
    ['//', '/'],
    ['/.', '/'],
  ])('%s is another spelling of %s', (raw, location) => {
    expect(readPath(raw)).toMatchObject({ kind: 'redirect', location });
  });

  it.each([
    '/about%3Fx',
    '/%3F',
    '/%3f',
    '/about%23top',
    '/%23',
    '/about%2Fcontact',
    '/about%2f',
    '/%E0%A4%A',
    '/about%00',
    '/about%0a',
    '/nope',
    '/about/team',
    '/abouts',
    '/__not-found',
    'about',
  ])('%s is no page', (raw) => {
    expect(readPath(raw)).toEqual({ kind: 'not-found' });
  });
});

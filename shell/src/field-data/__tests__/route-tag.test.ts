import { routePattern } from '../../../../platform/field-data/beacon.cjs';
import { routes } from '../../routes/route-table';
import { notFoundRoute, routeTagOf } from '../route-tag';

describe('routeTagOf', () => {
  it("names the route table's path, or the one 404 tag", () => {
    expect(routeTagOf('/')).toBe('/');
    expect(routeTagOf('/about/')).toBe('/about');
    expect(routeTagOf('/no/such/page')).toBe(notFoundRoute);
  });

  it('names only tags the server accepts', () => {
    for (const tag of [...routes.map((route) => route.path), notFoundRoute]) {
      expect(tag).toMatch(routePattern);
    }
  });
});

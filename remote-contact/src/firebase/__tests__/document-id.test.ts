import { newDocumentId } from '../document-id';

describe('newDocumentId', () => {
  it('makes 20 letters and digits, different every time', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newDocumentId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});

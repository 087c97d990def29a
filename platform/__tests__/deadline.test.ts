/**
 * @jest-environment node
 */
import { withinDeadline } from '../deadline.cjs';

const late = () => new Error('late');

test('work that never settles fails with the deadline error', async () => {
  await expect(withinDeadline(new Promise<never>(() => {}), 20, late)).rejects.toThrow('late');
});

test('work that settles in time keeps its value or its reason', async () => {
  await expect(withinDeadline(Promise.resolve(7), 60_000, late)).resolves.toBe(7);
  await expect(withinDeadline(Promise.reject(new Error('own')), 60_000, late)).rejects.toThrow(
    'own',
  );
});

/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { staffInbox } from '../../remote-shared/src/content/staff';
import { leadLimits, statuses } from '../../platform/contact-request/contact-schema.cjs';
import { columns } from '../../platform/contact-request/request-export.cjs';

/**
 * What docs/contact-and-data.md and docs/staff.md say about the stored request must be what the
 * code does: the export's columns, the statuses, and how much history a document keeps.
 */
const root = path.resolve(__dirname, '..', '..');
const contactAndData = fs.readFileSync(path.join(root, 'docs/contact-and-data.md'), 'utf8');
const staff = fs.readFileSync(path.join(root, 'docs/staff.md'), 'utf8');

it('lists the CSV columns of request-export.cjs, all of them, in order', () => {
  const listed = /Columns \((\d+)\): ([^.]+)\./.exec(contactAndData.replace(/\s+/g, ' '));
  expect(listed).not.toBeNull();
  expect(Number(listed![1])).toBe(columns.length);
  expect(listed![2]!.split(', ')).toEqual([...columns]);
});

it('names every status the rules allow, and the inbox its labels', () => {
  const ruleList = statuses.map((status) => `\`${status}\``).join(', ');
  expect(contactAndData.replace(/\s+/g, ' ')).toContain(`statuses ${ruleList}`);
  for (const status of statuses) {
    expect(staff).toContain(`**${staffInbox.status[status].toLowerCase()}**`);
  }
});

it('says how many history entries a document keeps', () => {
  expect(contactAndData).toContain(`latest **${leadLimits.history}** entries`);
  expect(staff).toContain(`latest ${leadLimits.history}`);
});

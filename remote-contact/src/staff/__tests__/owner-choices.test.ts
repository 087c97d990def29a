import { staffInbox } from 'remote-shared/staff-content';
import { ownerChoices } from '../lead/owner-choices';

const ada = 'ada@firstday.studio';
const bo = 'bo@firstday.studio';

describe('ownerChoices', () => {
  it('offers the roster, the owner among them as they are', () => {
    expect(ownerChoices(ada, [ada, bo])).toEqual([
      { email: ada, label: ada },
      { email: bo, label: bo },
    ]);
    expect(ownerChoices('', [bo])).toEqual([{ email: bo, label: bo }]);
  });

  it('keeps an owner who left the staff, named as former staff, first', () => {
    expect(ownerChoices(ada, [bo])).toEqual([
      { email: ada, label: staffInbox.lead.formerStaff(ada) },
      { email: bo, label: bo },
    ]);
    expect(staffInbox.lead.formerStaff(ada)).toBe(`${ada} (former staff)`);
  });

  it('calls nobody former staff while the roster loads', () => {
    expect(ownerChoices(ada, null)).toEqual([{ email: ada, label: ada }]);
    expect(ownerChoices('', null)).toEqual([]);
  });
});

import { describe, expect, test } from 'vitest';
import { abilitiesOf } from './roles.ts';

describe('what the app offers each role (D13)', () => {
  test('a viewer writes nothing', () => {
    expect(abilitiesOf('viewer')).toEqual({
      writeBooks: false,
      writeSales: false,
      readJournal: true,
      readReports: true,
      administer: false,
      readPurchases: true,
      readBanking: true,
      writeBanking: false,
    });
  });

  test('sales writes sales documents only, and sees no journal, no purchases and no reports but AR aging', () => {
    expect(abilitiesOf('sales')).toEqual({
      writeBooks: false,
      writeSales: true,
      readJournal: false,
      readReports: false,
      administer: false,
      readPurchases: false,
      readBanking: false,
      writeBanking: false,
    });
  });

  test('an accountant keeps the books; admins and owners also administer', () => {
    expect(abilitiesOf('accountant')).toMatchObject({
      writeBooks: true,
      administer: false,
      writeBanking: true,
    });
    expect(abilitiesOf('admin')).toMatchObject({ writeBooks: true, administer: true });
    expect(abilitiesOf('owner')).toMatchObject({ writeBooks: true, administer: true });
  });

  test('an unknown role gets the least', () => {
    expect(abilitiesOf('auditor')).toMatchObject({ writeBooks: false, administer: false });
  });
});

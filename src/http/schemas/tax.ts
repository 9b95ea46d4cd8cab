// Tax rates and tax groups (D28): responses, request bodies, pages.
import { Type } from '@sinclair/typebox';
import { RATES_PER_GROUP_MAX } from '../../app/tax/tax-groups.ts';
import * as S from './common.ts';

/**
 * A percentage in a request: a decimal string from 0 to 100 with up to four decimals ("8.25").
 * Unlike money, a JSON number here is an ordinary validation_error (it is not an amount).
 */
export const PercentInput = (description?: string) =>
  Type.String({ pattern: '^[0-9]{1,3}(\\.[0-9]{1,4})?$', description, examples: ['8.25'] });
const PercentOutput = (description?: string) =>
  Type.String({ pattern: '^[0-9]{1,3}\\.[0-9]{4}$', description, examples: ['8.2500'] });

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Description = Type.String({ maxLength: 2000 });

export const TaxRate = S.Named('TaxRate', {
  id: S.IdOutput,
  name: Type.String(),
  rate: PercentOutput('Percentage with four decimals.'),
  liability_account: Type.String({ format: 'uuid', description: 'Account credited with the tax (D25).' }),
  liability_account_number: Type.String(),
  description: Type.String(),
  ...S.ActiveRecordStamps,
});

export const TaxGroup = S.Named('TaxGroup', {
  id: S.IdOutput,
  name: Type.String(),
  description: Type.String(),
  tax_rates: Type.Array(Type.String({ format: 'uuid' }), { description: 'Tax-rate ids, in order.' }),
  combined_rate: PercentOutput('Sum of the rates, four decimals.'),
  ...S.ActiveRecordStamps,
});

export const PageTaxRate = S.Page(S.ref(TaxRate), 'TaxRate');
export const PageTaxGroup = S.Page(S.ref(TaxGroup), 'TaxGroup');

export const TaxListQuery = Type.Object({ ...S.CursorQuery, is_active: Type.Optional(Type.Boolean()) });

const RateIds = Type.Array(Type.String({ format: 'uuid' }), {
  minItems: 1,
  maxItems: RATES_PER_GROUP_MAX,
  uniqueItems: true,
  description: `1 to ${RATES_PER_GROUP_MAX} distinct active tax-rate ids.`,
});

export const TaxRateCreate = S.Named('TaxRateCreate', {
  name: Name,
  rate: PercentInput('Percentage, 0 to 100, up to four decimals: "8.25".'),
  liability_account: Type.Optional(Type.String({ description: 'Account id.' })),
  description: Type.Optional(Description),
});

export const TaxRateUpdate = S.Named('TaxRateUpdate', {
  name: Type.Optional(Name),
  rate: Type.Optional(PercentInput()),
  liability_account: Type.Optional(Type.String()),
  description: Type.Optional(Description),
  ...S.ActivationUpdate,
});

export const TaxGroupCreate = Type.Object(
  { name: Name, tax_rates: RateIds, description: Type.Optional(Description) },
  { $id: 'TaxGroupCreate', title: 'TaxGroupCreate' },
);

export const TaxGroupUpdate = S.Named('TaxGroupUpdate', {
  name: Type.Optional(Name),
  tax_rates: Type.Optional(RateIds),
  description: Type.Optional(Description),
  ...S.ActivationUpdate,
});

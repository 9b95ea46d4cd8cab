// Tracking categories and tracking options (D28): responses, request bodies, pages.
import { Type } from '@sinclair/typebox';
import { OPTIONS_PER_CATEGORY_MAX } from '../../app/tracking/tracking.ts';
import * as S from './common.ts';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const TrackingCategory = S.Named('TrackingCategory', {
  id: S.IdOutput,
  name: Type.String(),
  is_active: Type.Boolean(),
  options: Type.Array(Type.Object({ id: S.IdOutput, name: Type.String(), is_active: Type.Boolean() }), {
    description: `Every option of the category, in creation order (at most ${OPTIONS_PER_CATEGORY_MAX}).`,
  }),
  ...S.RecordStamps,
});

export const TrackingOption = S.Named('TrackingOption', {
  id: S.IdOutput,
  category: Type.String({ format: 'uuid', description: 'Tracking category id.' }),
  name: Type.String(),
  ...S.ActiveRecordStamps,
});

export const PageTrackingCategory = S.Page(S.ref(TrackingCategory), 'TrackingCategory');
export const PageTrackingOption = S.Page(S.ref(TrackingOption), 'TrackingOption');

export const TrackingCategoryListQuery = Type.Object({
  ...S.CursorQuery,
  ...S.ActiveFilter,
});
export const TrackingOptionListQuery = Type.Object({
  ...S.CursorQuery,
  category: Type.Optional(Type.String({ description: 'Only the options of this category id.' })),
  ...S.ActiveFilter,
});

export const TrackingCategoryCreate = Type.Object(
  { name: Name },
  { $id: 'TrackingCategoryCreate', title: 'TrackingCategoryCreate' },
);
export const TrackingOptionCreate = Type.Object(
  { category: Type.String({ description: 'Tracking category id.' }), name: Name },
  { $id: 'TrackingOptionCreate', title: 'TrackingOptionCreate' },
);

/** The sparse update of a category or an option: rename, (de)activate. */
export const TrackingUpdate = S.Named('TrackingUpdate', {
  name: Type.Optional(Name),
  ...S.ActivationUpdate,
});

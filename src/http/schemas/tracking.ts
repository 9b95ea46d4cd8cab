// Tracking categories and tracking options (D28): responses, request bodies, pages.
import { Type } from '@sinclair/typebox';
import { OPTIONS_PER_CATEGORY_MAX } from '../../app/tracking/tracking.ts';
import {
  ActivationUpdate,
  ActiveFilter,
  ActiveRecordStamps,
  CursorQuery,
  IdOutput,
  Named,
  Page,
  RecordStamps,
  ref,
} from './common.ts';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const TrackingCategory = Named('TrackingCategory', {
  id: IdOutput,
  name: Type.String(),
  is_active: Type.Boolean(),
  options: Type.Array(Type.Object({ id: IdOutput, name: Type.String(), is_active: Type.Boolean() }), {
    description: `Every option of the category, in creation order (at most ${OPTIONS_PER_CATEGORY_MAX}).`,
  }),
  ...RecordStamps,
});

export const TrackingOption = Named('TrackingOption', {
  id: IdOutput,
  category: Type.String({ format: 'uuid', description: 'Tracking category id.' }),
  name: Type.String(),
  ...ActiveRecordStamps,
});

export const PageTrackingCategory = Page(ref(TrackingCategory), 'TrackingCategory');
export const PageTrackingOption = Page(ref(TrackingOption), 'TrackingOption');

export const TrackingCategoryListQuery = Type.Object({
  ...CursorQuery,
  ...ActiveFilter,
});
export const TrackingOptionListQuery = Type.Object({
  ...CursorQuery,
  category: Type.Optional(Type.String({ description: 'Only the options of this category id.' })),
  ...ActiveFilter,
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
export const TrackingUpdate = Named('TrackingUpdate', {
  name: Type.Optional(Name),
  ...ActivationUpdate,
});

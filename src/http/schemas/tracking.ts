// Tracking categories and tracking options (D28): responses, request bodies, pages.
import { Type } from '@sinclair/typebox';
import { OPTIONS_PER_CATEGORY_MAX } from '../../app/tracking/tracking.ts';
import { CursorQuery, Page, ref, Version } from './common.ts';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const TrackingCategory = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    is_active: Type.Boolean(),
    options: Type.Array(
      Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), is_active: Type.Boolean() }),
      {
        description: `Every option of the category, in creation order (at most ${OPTIONS_PER_CATEGORY_MAX}).`,
      },
    ),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'TrackingCategory', title: 'TrackingCategory' },
);

export const TrackingOption = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    category: Type.String({ format: 'uuid', description: 'Tracking category id.' }),
    name: Type.String(),
    is_active: Type.Boolean(),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'TrackingOption', title: 'TrackingOption' },
);

export const PageTrackingCategory = Page(ref(TrackingCategory), 'TrackingCategory');
export const PageTrackingOption = Page(ref(TrackingOption), 'TrackingOption');

export const TrackingCategoryListQuery = Type.Object({
  ...CursorQuery,
  is_active: Type.Optional(Type.Boolean()),
});
export const TrackingOptionListQuery = Type.Object({
  ...CursorQuery,
  category: Type.Optional(Type.String({ description: 'Only the options of this category id.' })),
  is_active: Type.Optional(Type.Boolean()),
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
export const TrackingUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    is_active: Type.Optional(Type.Boolean()),
    version: Type.Optional(Version),
  },
  { $id: 'TrackingUpdate', title: 'TrackingUpdate' },
);

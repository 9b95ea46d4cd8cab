// The change feed (spec "Events", D32).
import { Type } from '@sinclair/typebox';
import { FEED_LIMIT_MAX } from '../../app/feed/change-feed.ts';
import { ENTITY_TYPES } from '../../domain/roles.ts';

export const ChangeFeedQuery = Type.Object({
  cursor: Type.Optional(Type.String()),
  entity_types: Type.Optional(Type.String({ description: `Comma-separated: ${ENTITY_TYPES.join(', ')}` })),
  limit: Type.Optional(Type.Integer({ description: `1 to ${FEED_LIMIT_MAX}, default 100` })),
});

export const ChangeFeed = Type.Object(
  {
    changes: Type.Array(
      Type.Object({
        entity_type: Type.String(),
        entity_id: Type.String(),
        operation: Type.String({ description: 'created, updated or deleted' }),
        occurred_at: Type.String({ format: 'date-time' }),
        entity_version: Type.Integer(),
      }),
    ),
    cursor: Type.String(),
    has_more: Type.Boolean(),
  },
  { $id: 'ChangeFeed', title: 'ChangeFeed' },
);

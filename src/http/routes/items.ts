// Published: items and their stock movements (D47-D49), inventory adjustments (D52).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createAdjustment, listAdjustments, readAdjustment } from '../../app/inventory/adjustments.ts';
import { createItem, listItems, listMovements, readItem, updateItem } from '../../app/inventory/items.ts';
import { decodeCursor } from '../../app/pagination.ts';
import { namedRoutes } from '../named-routes.ts';
import { actorOf, defineRoute } from '../route.ts';
import { IdParams } from '../schemas/common.ts';
import {
  InventoryAdjustment,
  InventoryAdjustmentCreate,
  InventoryAdjustmentListQuery,
  Item,
  ItemCreate,
  ItemListQuery,
  ItemMovementsQuery,
  ItemUpdate,
  PageInventoryAdjustment,
  PageItem,
  PageStockMovement,
} from '../schemas/items.ts';
import { pageBody } from './paging.ts';

export function registerItemRoutes(app: FastifyInstance, deps: Deps) {
  const items = namedRoutes(app, deps, { noun: 'item', area: 'items', schema: Item });
  items.list({ querystring: ItemListQuery, page: PageItem, list: listItems });
  items.read(
    (actor, id) => readItem(deps, actor, id),
    'Read an item with its quantity on hand, value and average cost',
  );
  items.create({
    description:
      'Honours Idempotency-Key. An inventory item defaults to the cost of goods sold (5000) and inventory (1200) accounts; an SKU taken by another item answers 409 number_conflict.',
    body: ItemCreate,
    create: createItem,
  });
  items.update({
    summary: 'Update an item (sparse); is_active false deactivates',
    description:
      'Send only the fields to change; null clears an optional field. Once its stock has moved, an item’s type and inventory asset account answer 409 invalid_state.',
    body: ItemUpdate,
    update: updateItem,
  });

  defineRoute(app, deps, {
    tag: 'items',
    published: true,
    auth: 'organization',
    permission: 'inventory:read',
    method: 'GET',
    url: '/api/v1/items/:id/movements',
    operationId: 'listItemMovements',
    summary: 'The stock movements of an item, oldest first (D49)',
    params: IdParams,
    querystring: ItemMovementsQuery,
    response: { 200: PageStockMovement },
    handler: async (request) => {
      const actor = actorOf(request);
      const cursor = decodeCursor(actor.organization.id, request.query.cursor);
      return pageBody(deps, request, await listMovements(deps, actor, request.params.id, cursor));
    },
  });

  const adjustments = namedRoutes(app, deps, {
    noun: 'inventory adjustment',
    tag: 'items',
    area: 'inventory',
    schema: InventoryAdjustment,
  });
  adjustments.list({
    querystring: InventoryAdjustmentListQuery,
    page: PageInventoryAdjustment,
    list: listAdjustments,
  });
  adjustments.read((actor, id) => readAdjustment(deps.db, actor, id));
  adjustments.create({
    summary: 'Adjust an inventory item’s stock (posts at once)',
    description:
      'Honours Idempotency-Key. A positive quantity adds stock at unit_cost (debit the item’s asset account, credit `account`); a negative one removes it at the average cost (debit `account`, credit the asset), or answers 400 insufficient_inventory when the item would go below zero on its date or any later day. Numbered ADJ-000001; immutable.',
    body: InventoryAdjustmentCreate,
    create: createAdjustment,
  });
}

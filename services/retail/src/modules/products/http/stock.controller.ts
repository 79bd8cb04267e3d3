import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { PRODUCT_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { PurchaseOrdersUseCase } from '../use-cases/purchase-orders.use-case.js';
import { StockCountsUseCase } from '../use-cases/stock-counts.use-case.js';
import { StockLedgerUseCase } from '../use-cases/stock-ledger.use-case.js';

@Controller('api')
export class StockController {
  constructor(
    private readonly ledger: StockLedgerUseCase,
    private readonly orders: PurchaseOrdersUseCase,
    private readonly counts: StockCountsUseCase,
  ) {}

  /** ?productId=&locationId=&limit=: newest first. */
  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Get('stock-movements')
  movements(@Query() query: Record<string, string>) {
    return this.ledger.movements(query);
  }

  /** `{productId, locationId, kind: adjusted|used, quantity, reason}` → 201 the movement; 409 naming the product below zero. */
  @RequirePermission('manage_stock')
  @Post('stock-adjustments')
  adjust(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.ledger.adjust(auth, body);
  }

  /** `{productId, fromLocationId, toLocationId, quantity, reason?}` → 201 the two movements. */
  @RequirePermission('manage_stock')
  @Post('stock-transfers')
  transfer(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.ledger.transfer(auth, body);
  }

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Get('purchase-orders')
  listOrders(@Query() query: Record<string, string>) {
    return this.orders.list(query);
  }

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Get('purchase-orders/:id')
  getOrder(@Param('id') id: string) {
    return this.orders.get(id);
  }

  @RequirePermission('manage_stock')
  @Post('purchase-orders')
  createOrder(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.orders.create(auth, body);
  }

  @RequirePermission('manage_stock')
  @Post('purchase-orders/:id/order')
  markOrdered(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.orders.markOrdered(auth, id, body);
  }

  @RequirePermission('manage_stock')
  @Post('purchase-orders/:id/cancel')
  cancelOrder(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.orders.cancel(auth, id, body);
  }

  /** `{version, lines: [{lineId, quantity, unitCostMinor?}]}`: part or all of what is left. */
  @RequirePermission('manage_stock')
  @Post('purchase-orders/:id/receive')
  receive(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.orders.receive(auth, id, body);
  }

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Get('stock-counts')
  listCounts(@Query('locationId') locationId?: string) {
    return this.counts.list(locationId);
  }

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Get('stock-counts/:id')
  getCount(@Param('id') id: string) {
    return this.counts.get(id);
  }

  @RequirePermission('manage_stock')
  @Post('stock-counts')
  createCount(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.counts.create(auth, body);
  }

  @RequirePermission('manage_stock')
  @Put('stock-counts/:id/lines')
  saveCountLines(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.counts.saveLines(auth, id, body);
  }

  /** `{version}`: each difference becomes a `counted` movement. */
  @RequirePermission('manage_stock')
  @Post('stock-counts/:id/post')
  postCount(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.counts.post(auth, id, body);
  }
}

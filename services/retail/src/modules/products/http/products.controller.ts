import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { PRODUCT_LOOKUP_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, NotFoundError, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { ProductImportUseCase } from '../use-cases/product-import.use-case.js';
import { ProductsUseCase } from '../use-cases/products.use-case.js';

@Controller('api/products')
export class ProductsController {
  constructor(
    private readonly products: ProductsUseCase,
    private readonly imports: ProductImportUseCase,
  ) {}

  /** Every product as CSV (the headers the import reads back). */
  @RequirePermission('edit_products')
  @Get('export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="products.csv"')
  exportCsv() {
    return this.imports.exportCsv();
  }

  /** `{csv, mapping?, onDuplicate?, locationId?, dryRun?}` → 200 what each row does (dryRun, the default, writes nothing). */
  @RequirePermission('edit_products')
  @Post('import')
  @HttpCode(200)
  importCsv(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.imports.run(auth, body);
  }

  /** ?search=&locationId=&lowOnly=&active=&use=&limit=&offset= */
  @RequirePermission({ anyOf: PRODUCT_LOOKUP_PERMISSIONS })
  @Get()
  list(@Query() query: Record<string, string>) {
    return this.products.list(query);
  }

  /** A barcode (or SKU) as a scanner types it: 404 when no product has it. */
  @RequirePermission({ anyOf: PRODUCT_LOOKUP_PERMISSIONS })
  @Get('by-code/:code')
  async byCode(@Param('code') code: string) {
    const product = await this.products.byCode(code);
    if (!product) throw new NotFoundError(`No product has the code ${code.slice(0, 64)}`);
    return product;
  }

  @RequirePermission({ anyOf: PRODUCT_LOOKUP_PERMISSIONS })
  @Get(':id')
  get(@Param('id') id: string) {
    return this.products.get(id);
  }

  @RequirePermission('edit_products')
  @Post()
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.products.create(auth, body);
  }

  /** `{version, ...fields}`; 409 when the version is stale or a SKU/barcode is taken. */
  @RequirePermission('edit_products')
  @Patch(':id')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.products.update(auth, id, body);
  }
}

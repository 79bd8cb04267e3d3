import { RetailInitial1796000000000 } from './migrations/1796000000000-retail-initial.js';
import { RetailProductsStock1796100000000 } from './migrations/1796100000000-retail-products-stock.js';

/** Everything TypeORM needs to know about this service's database. Repositories use SQL: no entities. */
export const ENTITIES: never[] = [];
export const MIGRATIONS = [RetailInitial1796000000000, RetailProductsStock1796100000000];

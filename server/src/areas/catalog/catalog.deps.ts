/**
 * What the catalog's handlers are given (catalog.routes.ts builds it with the server's one search and
 * passes it to each). It lives here, not in the routes file, so that imports run one way: routes ->
 * handlers -> deps.
 */
import type { Db } from '../../platform/db';
import type { Search } from './search/search';

export interface CatalogDeps {
  db: Db;
  /** Product search and suggestions, with their caches (one per server). */
  search: Search;
}

import { createBrowserRouter } from 'react-router-dom';
import { buildRoutes } from '../routes/route-table.tsx';

/** The web app lives under /web/ (docs/product-rules.md#screens-and-routes). */
export const ROUTER_BASENAME = '/web';

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: ROUTER_BASENAME });
}

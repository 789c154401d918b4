import { describe } from './descriptor.ts';
import type {
  addSaleCodesEndpoint,
  createSaleEndpoint,
  exportSaleCodesEndpoint,
  memberSalesEndpoint,
  revealCodeEndpoint,
  staffSalesEndpoint,
} from './private-sales.ts';

/** The browser's descriptors of private sales (zod-free). */
export const staffSales = describe<typeof staffSalesEndpoint>('GET', '/staff-api/private-sales');
export const createSale = describe<typeof createSaleEndpoint>('POST', '/staff-api/private-sales');
export const exportSaleCodes = describe<typeof exportSaleCodesEndpoint>(
  'GET',
  '/staff-api/private-sales/:id/codes.csv',
);
export const memberSales = describe<typeof memberSalesEndpoint>('GET', '/api/private-sales');
export const revealCode = describe<typeof revealCodeEndpoint>('POST', '/api/private-sales/:id/reveal');
export const addSaleCodes = describe<typeof addSaleCodesEndpoint>(
  'POST',
  '/staff-api/private-sales/:id/codes',
);

import { describe } from './descriptor.ts';
import type {
  createStoreEndpoint,
  memberShopperEndpoint,
  personalShopperEndpoint,
  saveStylistProfileEndpoint,
  setPersonalShopperEndpoint,
  setStylistEndpoint,
  staffInviteEndpoint,
  storesEndpoint,
  stylistProfileEndpoint,
  stylistsEndpoint,
  updateStoreEndpoint,
  uploadImageEndpoint,
} from './stylists.ts';

/** The browser's descriptors of the stores, images, stylists and personal-shopper endpoints (zod-free). */
export const stores = describe<typeof storesEndpoint>('GET', '/staff-api/stores');
export const createStore = describe<typeof createStoreEndpoint>('POST', '/staff-api/stores');
export const updateStore = describe<typeof updateStoreEndpoint>('POST', '/staff-api/stores/update');
export const uploadImage = describe<typeof uploadImageEndpoint>('POST', '/staff-api/images');
export const stylists = describe<typeof stylistsEndpoint>('GET', '/staff-api/stylists');
export const setStylist = describe<typeof setStylistEndpoint>('POST', '/staff-api/staff/stylist');
export const stylistProfile = describe<typeof stylistProfileEndpoint>('GET', '/staff-api/stylist-profile');
export const saveStylistProfile = describe<typeof saveStylistProfileEndpoint>(
  'POST',
  '/staff-api/stylist-profile',
);
export const memberShopper = describe<typeof memberShopperEndpoint>(
  'GET',
  '/staff-api/member/personal-shopper',
);
export const setPersonalShopper = describe<typeof setPersonalShopperEndpoint>(
  'POST',
  '/staff-api/member/personal-shopper',
);
export const staffInvite = describe<typeof staffInviteEndpoint>('POST', '/staff-api/invites');
export const personalShopper = describe<typeof personalShopperEndpoint>('GET', '/api/personal-shopper');

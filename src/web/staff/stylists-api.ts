import type { RequestOf, ResponseOf } from '#shared/api/descriptor.ts';
import {
  createStore,
  memberShopper,
  saveStylistProfile,
  setPersonalShopper,
  setStylist,
  staffInvite,
  stores,
  stylistProfile,
  stylists,
  updateStore,
  type uploadImage,
} from '#shared/api/stylists-endpoints.ts';
import { type CallResult, call } from '../api.ts';

export type Store = ResponseOf<typeof stores>['stores'][number];
export type Stylist = ResponseOf<typeof stylists>['stylists'][number];

/**
 * The photo's raw bytes, as the server wants them (it decides what they are by decoding them). Not
 * through `call`, which sends JSON; the failure is read the same way.
 */
async function upload(file: Blob): Promise<CallResult<ResponseOf<typeof uploadImage>>> {
  try {
    const response = await fetch('/staff-api/images', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream', accept: 'application/json' },
      body: file,
    });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.ok && body)
      return { ok: true, status: response.status, data: body as ResponseOf<typeof uploadImage> };
    const error =
      typeof body?.error === 'string' ? body.error : response.status === 413 ? 'BodyTooLarge' : '';
    return {
      ok: false,
      status: response.status,
      code: 'Unknown',
      serverCode: error,
      message: typeof body?.message === 'string' ? body.message : '',
      fieldErrors: {},
      details: {},
    };
  } catch {
    return {
      ok: false,
      status: 0,
      code: 'Unreachable',
      serverCode: '',
      message: '',
      fieldErrors: {},
      details: {},
    };
  }
}

/** The console's stores, photo, stylist and personal-shopper calls; the server checks every role. */
export const stylistsApi = {
  stores: () => call(stores),
  createStore: (body: RequestOf<typeof createStore>) => call(createStore, body),
  updateStore: (body: RequestOf<typeof updateStore>) => call(updateStore, body),
  upload,
  stylists: () => call(stylists),
  setStylist: (id: string, isStylist: boolean) => call(setStylist, { id, isStylist }),
  profile: (staffId: string) => call(stylistProfile, { staffId }),
  saveProfile: (body: RequestOf<typeof saveStylistProfile>) => call(saveStylistProfile, body),
  memberShopper: (loyaltyId: string) => call(memberShopper, { loyaltyId }),
  setShopper: (loyaltyId: string, staffId: string | null) => call(setPersonalShopper, { loyaltyId, staffId }),
  invite: (body: RequestOf<typeof staffInvite>) => call(staffInvite, body),
};

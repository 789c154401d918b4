/** SPEC §7: the viewer call times out after 5000 ms. */
export const viewerTimeoutMs = 5000;

/** SPEC §2 /help/terms-roi: only for one customer type, and it shows nothing. */
export default function TermsRoiScreen() {
  return null;
}

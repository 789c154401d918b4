/** SPEC §8 sign-in messages, word for word; every way of signing in answers them. */
export const incorrectPasswordMessage =
  'The username and password entered did not match any account details we hold.';
export const loginFailedMessage = 'Sorry, could not complete login, please try again.';

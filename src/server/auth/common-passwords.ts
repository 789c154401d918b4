/** The commonest leaked passwords (lowercased); a new password on this list is refused. */
export const commonPasswords: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345', '111111', '000000', '123123',
  '654321', '666666', '121212', '112233', '123321', '987654321', '11111111', '88888888', '55555555',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'qwerty', 'qwerty123',
  'qwertyuiop', 'azerty', 'abc123', 'abcdef', 'abcd1234', 'aaaaaa', 'iloveyou', 'letmein', 'welcome',
  'welcome1', 'monkey', 'dragon', 'master', 'football', 'baseball', 'sunshine', 'princess', 'shadow',
  'superman', 'michael', 'charlie', 'jordan23', 'trustno1', 'starwars', 'whatever', 'freedom', 'secret',
  'changeme', 'admin', 'admin123', 'login', 'hello123', 'zaq12wsx', '1q2w3e4r', '1qaz2wsx', 'asdfgh',
  'asdfghjkl', 'zxcvbnm', 'qazwsx', 'mustang', 'access', 'flower', 'hottie', 'loveme', 'ninja', 'solo',
  'batman', 'computer', 'internet', 'samsung', 'google', 'nike123', 'fashion', 'shopping', 'member',
  'members', 'loyalty', 'summer', 'winter', 'london', 'arsenal', 'chelsea', 'liverpool', 'liverpool1',
]);

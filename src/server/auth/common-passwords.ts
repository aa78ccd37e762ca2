/**
 * The commonest passwords of 10+ characters (from public breach frequency lists, plus Indonesian
 * favourites). Shorter ones are already refused by the length rule.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '1234567890', '0123456789', '0987654321', '1111111111', '0000000000', '1234512345', '1122334455',
  '1q2w3e4r5t', 'qwertyuiop', 'asdfghjkl;', 'zxcvbnm123', 'qwerty1234', 'qwerty12345', 'password12',
  'password123', 'password1234', 'passw0rd123', 'password!', 'iloveyou12', 'iloveyou123', 'abcdefghij',
  'abcd123456', 'abc1234567', 'a123456789', '123456789a', '123456789q', 'qwe1234567', 'aaaaaaaaaa',
  'football123', 'baseball123', 'welcome123', 'sunshine12', 'princess12', 'superman12', 'letmein123',
  'monkey1234', 'dragon1234', 'michael123', 'jennifer12', 'starwars12', 'trustno1234', 'administrator',
  'admin12345', 'adminadmin', 'changeme123', 'computer12', 'internet12', 'telaah1234', 'telaah12345',
  'indonesia1', 'indonesia123', 'indonesia45', 'jakarta123', 'bismillah', 'bismillah1', 'bismillah123',
  'sayangkamu', 'sayangku123', 'cintaku123', 'rahasia123', 'rahasiaku', 'katasandi', 'katasandi123',
  'merdeka1945', 'garuda1234', 'saham12345', 'investasi1', 'investasi123', 'cuan123456', 'bandung123',
  'surabaya123', 'persija123', 'persib1933', 'alhamdulillah', 'qwertyuiop123', '12345678910',
]);

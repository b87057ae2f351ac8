/**
 * What the person-name detectors share: the words that are not names, the shape of a Latin
 * full name, and the CJK surname tables and name-length readers. Below `name.ts` (the combined
 * detector) and the single detectors it runs (`name-structure.ts`, `name-contexts.ts`,
 * `name-casual.ts`), so none of them imports another in a circle.
 */
import { gluesToToken } from './boundaries.js';

/**
 * Words that are capitalised after a role cue without being a name: departments, teams,
 * services, places and calendar words. A candidate with any of them is dropped.
 */
export const NOT_NAME_WORDS = new Set([
  'Support',
  'Team',
  'Service',
  'Services',
  'Client',
  'Clients',
  'Customer',
  'Customers',
  'Sales',
  'Department',
  'Center',
  'Centre',
  'Desk',
  'Help',
  'Helpdesk',
  'Office',
  'Bank',
  'Group',
  'Kundenservice',
  'Kundendienst',
  'Abteilung',
  'Zentrale',
  'Atención',
  'Cliente',
  'Clientes',
  'Servicio',
  'Soporte',
  'Équipe',
  'Assistance',
  'Accueil',
  'Admin',
  'Administrator',
  'Account',
  'New',
  'York',
  'San',
  'Los',
  'Las',
  'Santa',
  'Saint',
  'Sankt',
  'Nueva',
  'Berlin',
  'Paris',
  'Madrid',
  'London',
  'Barcelona',
  'München',
  'Hamburg',
  'Lyon',
  'Tokyo',
  'Seoul',
  'Street',
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
  'Januar',
  'Februar',
  'März',
  'Juni',
  'Juli',
  'Oktober',
  'Dezember',
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  // Occupations and software/product words that self-introductions and roles are followed by
  // ("ich bin Software Entwickler", "je suis Ingénieur Logiciel", "this is Microsoft Teams").
  'Software',
  'Entwickler',
  'Entwicklerin',
  'Ingenieur',
  'Ingenieurin',
  'Ingénieur',
  'Ingeniero',
  'Ingeniera',
  'Engineer',
  'Developer',
  'Manager',
  'Director',
  'Lehrer',
  'Lehrerin',
  'Arzt',
  'Ärztin',
  'Doctor',
  'Médecin',
  'Médico',
  'Student',
  'Studentin',
  'Étudiant',
  'Estudiante',
  'Logiciel',
  'Portal',
  'Login',
  'Online',
  'App',
  'Cloud',
  'Microsoft',
  'Google',
  'Apple',
  'Amazon',
  'Teams',
  'Zoom',
  'Slack',
  'Windows',
  'Office',
  'Premium',
  'Konto',
  'Compte',
  'Cuenta',
  'Gold',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
  'Montag',
  'Dienstag',
  'Mittwoch',
  'Donnerstag',
  'Freitag',
  'Samstag',
  'Sonntag',
  'Lundi',
  'Mardi',
  'Mercredi',
  'Jeudi',
  'Vendredi',
  'Samedi',
  'Dimanche',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
  'Pro',
  'Plus',
  'Max',
  'Premium',
  'Edition',
  'Version',
  // Mail-header and greeting words that are groups or systems, not people.
  'Notifications',
  'Notification',
  'Alerts',
  'Staff',
  'All',
  'Everyone',
  'Billing',
  'Newsletter',
  'Updates',
  'News',
  'Noreply',
  'Sir',
  'Madam',
  'Deutsche',
  'Bahn',
  'Telekom',
  'Music',
  'Maps',
  'Prime',
  'Times',
  'Air',
  'Banco',
  'Engineering',
  'Design',
  'Marketing',
  'Ihr',
  'Ihre',
  // Assistants and departments that headers and greetings address.
  'Siri',
  'Alexa',
  'Cortana',
  'Bixby',
  'Accounts',
  'Payable',
  'Receivable',
  'Relations',
  'Resources',
  'Legal',
  'Finance',
  'Operations',
  'Procurement',
  'Payroll',
  'Recruiting',
  'Security',
  'Compliance',
  'Facilities',
  'Partnerships',
  'Vendor',
  'Vendors',
  'Partners',
  'Board',
  'Committee',
  'Management',
  'Marketing',
  // Places and institutions named after people ("Victoria Station", "Rosa Parks Library").
  'Station',
  'Airport',
  'Hospital',
  'University',
  'College',
  'School',
  'Hotel',
  'Bridge',
  'Island',
  'Bay',
  'Valley',
  'Beach',
  'Church',
  'Cathedral',
  'Museum',
  'Library',
  'Stadium',
  'Foundation',
  'Institute',
  'Square',
  'Avenue',
  'Road',
  'Lane',
  'Prize',
  // Brands named after people.
  'Boss',
  'Hortons',
  'Vuitton',
  'Dior',
  'Hilfiger',
  'Wolfskin',
  'Disney',
  'Chanel',
  'Cardin',
  'Royce',
  'Benz',
  'Award',
  'Award',
  'Euer',
  // Company and institution words a given name is followed by ("Otto Versand", "Warren Buffett Way").
  'Versand',
  'Verlag',
  'Kinderdorf',
  'Stiftung',
  'Gruppe',
  'Holding',
  'Way',
  'Eure',
]);

/** A company form as one word of a capitalised run. */
const COMPANY_WORD =
  /^(?:Inc|Corp|Corporation|Ltd|LLC|LLP|PLC|Co|GmbH|AG|KG|OHG|UG|SA|SAS|SARL|SL|SLU|BV|NV|SpA|Srl|KK)\.?$/u;

/** Company forms: a capitalised run followed by one of them is an organisation, not a person. */
const COMPANY =
  /^[\s,]*(?:Inc|Corp|Corporation|Ltd|LLC|LLP|PLC|Co|GmbH|AG|KG|OHG|UG|e\.V|SA|SAS|SARL|SL|SLU|S\.A|S\.L|BV|NV|SpA|Srl|KK|K\.K)\b\.?/u;

/** An honorific right after a role cue. */
export const HONORIFIC_AHEAD =
  /^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Monsieur|Madame|Mademoiselle|Mme|Mlle|M|Señor|Señora|Señorita|Sr|Sra|Srta|Don|Doña)(?![\p{L}])/u;

/** Whether a capitalised run after a role cue reads as a person's full name. */
export function fullName(text: string, start: number, name: string): boolean {
  const words = name.split(/[\s\u00a0]+/);
  if (words.length < 2) return false;
  if (words.some((w) => NOT_NAMES.has(w) || NOT_NAME_WORDS.has(w) || w.length < 2)) return false;
  // Cut inside a longer word ("Müller Gmb|H"): not a run of name words.
  if (gluesToToken(text, start + name.length)) return false;
  // "Acme Inc", "Müller GmbH": a company form inside or right after the run.
  if (words.some((w) => COMPANY_WORD.test(w))) return false;
  return !COMPANY.test(text.slice(start + name.length, start + name.length + 8));
}

/**
 * The name after a cue: capitalised words (case-sensitive; `O'Neil`, `Jean-Pierre`), with
 * particles and middle initials between them ("Wade W. Howell", "Juan Carlos M. Chacón Abreu").
 */
export const WORD = "\\p{Lu}\\p{Ll}*(?:['’-]\\p{Lu}?\\p{Ll}+)*";
export const LATIN_NAME = new RegExp(
  `${WORD}(?:(?:[ \\u00a0]|[ \\u00a0]?-[ \\u00a0]?)(?:\\p{Lu}\\.[ \\t]+)?(?:(?:de|del|de la|de los|de las|van|von|der|van der|van den|von der|da|das|dos|du|des|di|le|la|ter|ten|y)\\s+)?${WORD}){0,3}`,
  'uy',
);

/** Capitalised words that follow a cue without being a name. */
export const NOT_NAMES = new Set([
  'The',
  'A',
  'An',
  'This',
  'That',
  'Here',
  'It',
  'Not',
  'Your',
  'My',
  'Our',
  'Und',
  'Der',
  'Die',
  'Das',
  'Le',
  'La',
  'Les',
  'El',
  'Los',
  'Las',
  'Un',
  'Une',
  'Una',
  'Ein',
  'Eine',
  'Please',
  'Bitte',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Name',
  'Nom',
  'Nombre',
  'Unknown',
  'Dr',
  'Prof',
]);

/**
 * Common Chinese surnames (simplified and traditional), the first character of a name read
 * after a role cue. Two-character surnames are checked first.
 */
const ZH_SURNAMES_1 = new Set(
  Array.from(
    '王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖田董袁潘于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閆段雷侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯傅常温溫康施文牛樊葛邢安齐齊易乔喬伍庞龐颜顏倪庄莊聂聶章鲁魯岳翟殷詹申欧歐耿关關兰蘭焦俞左柳甘祝包宁寧尚符舒阮柯纪紀梅童凌毕畢单單季裴霍涂成苗谷盛曲翁冉骆駱蓝藍路游辛靳管柴蒙鲍鮑华華喻祁蒲房滕屈饶饒解牟艾尤阳陽时時穆农農司卓古吉缪繆简簡车車项項连連芦蘆麦麥褚娄婁窦竇戚岑景党黨宫宮费費卜冷晏席卫衛米柏宗瞿桂全佟应應臧闵閔苟邬鄔边邊卞姬师師和仇栾欒隋商刁沙荣榮巫寇桑郎甄丛叢仲虞敖巩鞏明佘池乐樂匡钮鈕洪祁殷蔺闻幸赖賴',
  ),
);
const ZH_SURNAMES_2 = new Set([
  '欧阳',
  '歐陽',
  '司马',
  '司馬',
  '上官',
  '诸葛',
  '諸葛',
  '东方',
  '東方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '令狐',
  '夏侯',
  '长孙',
  '宇文',
  '端木',
]);

/** Characters that end a Chinese name run: particles, verbs and honorifics that follow names. */
const ZH_STOP = new Set(
  Array.from(
    '已是的在说說反于於和与與要把被给給将將让讓向从從对對等也都就先女小来來去打电電请請您称稱表问問未会會能需刚剛今昨',
  ),
);

/** Common Korean surnames (one syllable; the two-syllable ones are checked first). */
export const KO_SURNAMES_1: ReadonlySet<string> = new Set(
  Array.from(
    '김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하곽성차주우구민진지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부상승빈태동나범라피감계단두목복순온옹음좌탄판팽평포풍필화',
  ),
);
export const KO_SURNAMES_2: ReadonlySet<string> = new Set([
  '남궁',
  '황보',
  '제갈',
  '선우',
  '독고',
  '사공',
  '서문',
]);

/** What may follow a Korean name: particles, the copula, honorifics. */
const KO_AFTER =
  /^(?:입니다|이에요|예요|이고|이며|이라고|라고|님|씨|에게|께|의|은|는|이|가|을|를|와|과|한테|(?![가-힣]))/u;

/** Words before an honorific that are roles, not names (社長さん, 고객님, 先生). */
export const NOT_CJK_NAMES: ReadonlySet<string> = new Set([
  '社長',
  '部長',
  '課長',
  '店長',
  '先生',
  '奥様',
  '皆様',
  '皆さん',
  '客様',
  '担当',
  '会員',
  '患者',
  '고객',
  '各位',
  '一同',
  '本人',
  '全員',
  '情報',
  '番号',
  '窓口',
  '住所',
  '電話',
  '氏名',
  '선생',
  '회원',
  '사장',
  '부장',
  '과장',
  '팀장',
  '여러분',
  '담당자',
  '관리자',
  '기사',
  '학생',
  '老师',
  '客户',
  '经理',
  '师傅',
  '同学',
  '大家',
]);

const HAN = /\p{Script=Han}/u;
/** Time words written without a break before a name (今朝菅遥さん, 昨日田中さん). */
export const JA_TIME_WORD = /^(?:今朝|今日|昨日|明日|先日|本日|昨夜|今晩|今夜|毎日|来週|先週|今週)/u;
export const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}가-힣]/u;

/** The length of the common Chinese surname starting at `at` (2 for compound ones), or 0. */
export function zhSurnameLength(text: string, at: number): number {
  return ZH_SURNAMES_2.has(text.slice(at, at + 2)) ? 2 : ZH_SURNAMES_1.has(text.charAt(at)) ? 1 : 0;
}

/** The length of the Chinese name starting at `at` (surname + one or two characters), or 0. */
export function zhNameLength(text: string, at: number): number {
  const two = text.slice(at, at + 2);
  const surname = ZH_SURNAMES_2.has(two) ? 2 : ZH_SURNAMES_1.has(text.charAt(at)) ? 1 : 0;
  if (surname === 0) return 0;
  let end = at + surname;
  while (end < at + surname + 2 && HAN.test(text.charAt(end)) && !ZH_STOP.has(text.charAt(end))) end++;
  if (end === at + surname) return 0;
  // A longer run of Han characters without a stop is a phrase, not a name.
  if (HAN.test(text.charAt(end)) && !ZH_STOP.has(text.charAt(end))) return 0;
  return end - at;
}

/** Hiragana after a kanji surname that is grammar, not a given name (です, さん, から, …). */
const JA_NOT_GIVEN =
  /[のがをへ]|^[ \u3000]?(?:みな|たち|ども|です|でし|だっ|さん|さま|くん|ちゃ|から|まで|より|など|には|とは|では|にて|ので|ます|まし|たい|ない)/u;

/** The length of a Japanese name in kanji (2–4, an optional space inside) at `at`, or 0. */
export function jaNameLength(text: string, at: number): number {
  const m = /^[\p{Script=Han}々]{1,3}[ \u3000]?[\p{Script=Han}々]{1,3}(?![\p{Script=Han}々])/u.exec(
    text.slice(at, at + 8),
  );
  // "内海陸様": the honorific after the name is not part of it.
  if (m !== null && /[様殿氏宛]$/u.test(m[0]) && m[0].length > 2) {
    const trimmed = m[0].slice(0, -1).trimEnd();
    if (trimmed.replace(/[ \u3000]/g, '').length >= 2) return trimmed.length;
  }
  if (m !== null && m[0].replace(/[ \u3000]/g, '').length <= 5) {
    // A given name in hiragana after the kanji surname (加藤きみ, 長島 はる) when a delimiter ends it.
    const h =
      /^[ \u3000]?(?:[\p{Script=Hiragana}]{2,3}|[\p{Script=Katakana}]{2,3})(?=[ \u3000]*(?:[<（(、,。様]|さん|$|\n))/u.exec(
        text.slice(at + m[0].length, at + m[0].length + 6),
      );
    if (h !== null && !JA_NOT_GIVEN.test(h[0])) return m[0].length + h[0].length;
    return m[0].length;
  }
  // Katakana forms of foreign names: ジョン・スミス.
  const k = /^[\p{Script=Katakana}ー]{2,}(?:[・=＝][\p{Script=Katakana}ー]{2,})+/u.exec(
    text.slice(at, at + 24),
  );
  return k === null ? 0 : k[0].length;
}

/** The length of a Korean name (surname + one or two syllables) at `at`, or 0. */
export function koNameLength(text: string, at: number): number {
  const run = /^[가-힣]+/u.exec(text.slice(at, at + 12))?.[0] ?? '';
  const surname = KO_SURNAMES_2.has(run.slice(0, 2)) ? 2 : KO_SURNAMES_1.has(run.charAt(0)) ? 1 : 0;
  if (surname === 0) return 0;
  // "배정이", "주소를": a two-syllable word and its particle, not a three-syllable name.
  if (run.length === surname + 2 && /[이가을를은는의에도와과]$/u.test(run)) return 0;
  for (const given of [2, 1]) {
    const len = surname + given;
    if (run.length < len) continue;
    if (KO_AFTER.test(run.slice(len) + text.slice(at + run.length, at + run.length + 1))) return len;
  }
  return 0;
}

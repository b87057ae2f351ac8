import { gluesToToken } from './boundaries.js';
import { findCasualNames } from './name-casual.js';
import { findContextNames } from './name-contexts.js';
import { findStructuralNames } from './name-structure.js';
import type { Candidate, ScanContext } from './types.js';

/** Cues before a Latin-script name (matched case-insensitively). */
const LATIN_CUES =
  /(?<![\p{L}\p{N}_])(?:my name is|my name's|i am called|name\s*:|full name\s*:|signed\s*:?|regards,|sincerely,|contact person\s*:|mr\.?|mrs\.?|ms\.?|miss|dr\.?|prof\.?|mein name ist|ich heiße|ich heisse|name ist|herr|frau|je m'appelle|je m’appelle|mon nom est|nom\s*:|monsieur|madame|mademoiselle|m\.|mme\.?|mlle\.?|me llamo|mi nombre es|nombre\s*:|señor|señora|señorita|sr\.|sra\.|srta\.|don|doña|dña\.?|maître|maitre|lt\.?\s+col\.|lt\.|col\.|capt\.|cpt\.|gen\.|maj\.|sgt\.|cmdr\.)[ \t\u00a0]+/giu;

/**
 * Role, greeting and form-label cues (matched case-insensitively), after which a full name —
 * at least two capitalised words — is read: self-introductions ("this is", "ich bin", "je
 * suis", "soy"), roles (customer, patient, recipient, holder, contact, sender, guest …) and
 * the labels of forms and shipping slips ("Ship to", "Lieferadresse:", "titular"), per language.
 * A single capitalised word after them is too often a place or a company ("Ship to Berlin").
 */
const ROLE_CUE_WORDS = [
  // English
  'this is',
  "it's",
  'i am',
  "i'm",
  'customer',
  'client',
  'patient',
  'recipient',
  'account holder',
  'card holder',
  'cardholder',
  'holder',
  'account name',
  'contact',
  'emergency contact',
  'contact person',
  'sender',
  'ship to',
  'deliver to',
  'bill to',
  'attn',
  'attention',
  'addressee',
  'guest',
  'passenger',
  'applicant',
  'employee',
  'tenant',
  'beneficiary',
  'payee',
  'caller',
  'policyholder',
  'insured',
  'member',
  'student',
  'candidate',
  'driver',
  'buyer',
  'seller',
  'owner',
  'assignee',
  'assigned to',
  'reviewer',
  'author',
  'organizer',
  'organiser',
  'host',
  'speaker',
  'presenter',
  'reporter',
  'requester',
  'approver',
  'tenant',
  'new tenant',
  'traveler',
  'traveller',
  'attendee',
  'hr record',
  'minutes taken by',
  'minutes by',
  'protokoll',
  'protokollführer',
  'protokollführerin',
  'rédigé par',
  'rédigée par',
  'redactada por',
  'redactado por',
  'personnel file',
  'patient record',
  // German
  'ich bin',
  'hier ist',
  'hier spricht',
  'kunde',
  'kundin',
  'lieferadresse',
  'lieferung an',
  'rechnungsadresse',
  'empfänger',
  'empfängerin',
  'kontoinhaber',
  'kontoinhaberin',
  'inhaber',
  'inhaberin',
  'ansprechpartner',
  'ansprechpartnerin',
  'kontakt',
  'notfallkontakt',
  'patientin',
  'absender',
  'absenderin',
  'mieter',
  'mieterin',
  'gast',
  'versicherter',
  'versicherte',
  'mitarbeiter',
  'mitarbeiterin',
  'begünstigter',
  'antragsteller',
  'antragstellerin',
  'z. hd.',
  'zu händen',
  'reisender',
  'reisende',
  'heiße',
  'heisse',
  'bitte bei',
  'patientenaufnahme',
  'personalakte',
  'mitarbeiterakte',
  // French
  'je suis',
  "c'est",
  'c’est',
  'ici',
  'cliente',
  "contact en cas d'urgence",
  'contact en cas d’urgence',
  'destinataire',
  'livraison',
  'titulaire',
  'titulaire du compte',
  'patiente',
  'expéditeur',
  'expéditrice',
  "à l'attention de",
  'à l’attention de',
  'locataire',
  'bénéficiaire',
  'assuré',
  'assurée',
  'interlocuteur',
  'interlocutrice',
  'le nouveau locataire',
  'la nouvelle locataire',
  'demandeur',
  'demandeuse',
  'passager',
  'passagère',
  'voyageur',
  'voyageuse',
  'dossier',
  'dossier rh',
  'dossier patient',
  'fiche client',
  // Spanish
  'soy',
  'habla',
  'aquí',
  'el cliente',
  'la cliente',
  'titular',
  'titular de la cuenta',
  'paciente',
  'el paciente',
  'la paciente',
  'destinatario',
  'envío',
  'envío a',
  'destinataria',
  'contacto',
  'contacto de emergencia',
  'persona de contacto',
  'el nuevo inquilino',
  'la nueva inquilina',
  'remitente',
  'a la atención de',
  'beneficiario',
  'beneficiaria',
  'inquilino',
  'inquilina',
  'huésped',
  'asegurado',
  'asegurada',
  'solicitante',
  'pasajero',
  'pasajera',
  'empleado',
  'empleada',
  'viajero',
  'viajera',
  'se llama',
  'llamen a',
  'llame a',
  'expediente',
  'expediente de personal',
  'historia clínica',
  'ficha',
];
const ROLE_CUES = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${[...ROLE_CUE_WORDS]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join(
      '|',
    )})(?:[ \t\u00a0]*[:：](?:[ \t\u00a0]*\n)?[ \t\u00a0]*|[ \t\u00a0]+[—–][ \t\u00a0]+|,[ \t\u00a0]+|[ \t\u00a0]+)`,
  'giu',
);

/** Cues in CJK scripts after which a Latin-script name is written ("お客様Jane Doe"). */
const CJK_CUES_FOR_LATIN =
  /(?:お客様|顧客|客户|顾客|客戶|收件人|户名|戶名|持卡人|乘客|고객님?|받는\s?분|담당자|예금주|출장자|名義[:：]?)\s*/gu;

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

/** Street-type words that never stand in a person's name ("Gran Vía", "Rue Royale"). */
const STREET_WORD =
  /(?:^|[ \t])(?:Gran|Vía|Calle|Avenida|Paseo|Plaza|Rue|Avenue|Boulevard|Straße|Strasse|Allee|Street|Road)(?=[ \t]|$)/u;

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
const WORD = "\\p{Lu}\\p{Ll}*(?:['’-]\\p{Lu}?\\p{Ll}+)*";
export const LATIN_NAME = new RegExp(
  `${WORD}(?:(?:[ \\u00a0]|[ \\u00a0]?-[ \\u00a0]?)(?:\\p{Lu}\\.[ \\t]+)?(?:(?:de|del|de la|de los|de las|van|von|der|van der|van den|von der|da|das|dos|du|des|di|le|la|ter|ten|y)\\s+)?${WORD}){0,3}`,
  'uy',
);

/**
 * Initials and a surname ("J. Smith", "A. B. Okafor", "J. Smith-Jones": the word's own
 * `-Xyz` parts take the second half, so no second way to read it exists).
 */
const INITIALED = new RegExp(`\\p{Lu}\\.(?:[ \\t]?\\p{Lu}\\.)*[ \\t]+${WORD}`, 'uy');

/** Academic and professional titles between an honorific and the name ("Frau Prof. Dr. Eva …"). */
const TITLES =
  /(?:(?:Prof|Dr|Dres|Mag|Ing|Dipl\.-Ing|Dott|Dña|Lic|Ir)\.?\s+|(?:med|jur|phil|rer\. nat|dent|vet|habil)\.\s+)*/uy;

/**
 * Abbreviated honorifics, which must be capitalised in the text to count ("in ms. Default" is a
 * unit). Spelled-out ones stay case-free: "el señor García", "le monsieur Dupont".
 */
const HONORIFIC = /^(?:mr|mrs|ms|dr|prof|m|mme|mlle|sr|sra|srta)\.?\s*$/u;

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

/** Chinese role cues after which a name follows (收件人陶玉梅, 客户：张伟). */
const ZH_ROLE_CUES =
  /(?:联系(?:人|电话|方式)[:：]?\s*[+\d][\d\s()+-]{6,22}[（(]|收件人|收款人|收款方|付款人|汇款人|匯款人|领款人|收货人|收貨人|寄件人|发件人|發件人|联系人|聯絡人|客户|客戶|顾客|顧客|患者|病人|户名|戶名|开户名|開戶名|持卡人|账户名|帳戶名|乘客|租户|申请人|申請人|负责人|負責人|经办人|受益人|委托人|我是|我叫|本人是|这里是|這裡是|员工档案|員工檔案|人事档案|人事檔案|员工|員工|职员|職員|会员|會員|请联系|請聯繫|姓名|会议记录|會議記錄|记录人|記錄人|紧急联系人|緊急聯絡人)(?:姓名)?[:：]?\s*/gu;

/** Japanese role cues (名義：細谷聡, お客様鈴木一郎, 受取人 山田花子). */
const JA_ROLE_CUES =
  /(?:連絡先[はが]?[:：]?\s*[+\d][\d\s()+-]{6,22}[（(]|口座名義|名義人|名義|お客様|顧客名|受取人|受取人名|送り主|差出人|宛名|契約者|申込者|担当者|患者名|連絡先氏名|担当者?の|担当は|氏名|議事録作成|記録者|緊急連絡先(?=[:：]))(?:様)?[:：]?\s*/gu;

/** Korean role cues and self-introductions (받는 분 이서연, 담당자 박지훈, 안녕하세요, 김민준입니다). */
const KO_ROLE_CUES =
  /(?:받는\s?분|받는\s?사람|보내는\s?분|보내는\s?사람|수령인|수취인|수신인|발신인|고객명|고객|예금주|담당자|담당|수신자|수신|회의록\s?작성|작성자|비상\s?연락처|환자|신청인|계약자|성함|성명|보낸\s?사람|인사\s?기록|출장자|직원|사원|회원|안녕하세요[,.!]?\s*(?:저는)?|저는(?:\s[가-힣]{1,8}(?:팀|부서|부|과|실|센터|본부))?)(?:[은는](?=\s))?(?:[:：])?\s*/gu;

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

const CJK: readonly { re: RegExp; confidence: number }[] = [
  // Honorific after the name: 王芳女士 / 鈴木様 / 田中さん / 박지훈 씨 / 김철수 님.
  {
    re: /(?<=^|[^\p{Script=Han}]|联系|请|给|和|与|找|是|由|向|尊敬的|亲爱的|親愛的)([\p{Script=Han}]{2,3})(?=女士|先生|小姐)/gu,
    confidence: 0.65,
  },
  {
    // Family and given name may be spaced (梶原 麻美様) and the given name in hiragana (大谷ゆかりさん).
    re: /(?=[\p{Script=Han}々])(?<=^|[^\p{Script=Han}])((?![号室階番丁])(?:[\p{Script=Han}々]{1,3}[ \u3000](?:[\p{Script=Han}々]{1,3}|[\p{Script=Hiragana}]{2,3})|[\p{Script=Han}々]{2,3}[\p{Script=Katakana}]{2,3}|[\p{Script=Han}々]{2,3}[\p{Script=Hiragana}]{2,3}(?<![のがをへ][\p{Script=Hiragana}]{0,3}|[\p{Script=Han}]みな|[\p{Script=Han}]たち|[\p{Script=Han}]ども)|[\p{Script=Han}]{2,5}))(?=様|さん|氏(?![\p{Script=Han}]))/gu,
    confidence: 0.65,
  },
  {
    re: /(?<![가-힣])([가-힣]{2,4})(?=\s?(?:씨|님)(?:이고|이며|이신|일|에게서|이랑|하고|의|은|는|이|가|께서는|께서|께|에게|을|를|과|와|도|한테)?(?![가-힣]))/gu,
    confidence: 0.65,
  },
  {
    // A three-syllable full name before a spaced role honorific: 한성민 고객님, 이서준 과장님.
    re: /(?<![가-힣])([가-힣]{3})(?=\s(?:고객|회원|선생|사장|부장|과장|차장|대리|팀장|원장|교수|환자)님(?:께서|께|에게|이|의|은|는|을|를)?(?![가-힣]))/gu,
    confidence: 0.65,
  },
  // Chinese: 我叫王伟 / 我的名字是王伟 / 姓名：王伟 / 联系人：王伟
  {
    re: /(?:我叫|我的名字是|我的名字叫|姓名[:：]\s*|联系人[:：]\s*|名字[:：]\s*)([\p{Script=Han}]{2,4}?)(?=[，。,.!！\s]|$|先生|女士|，|的)/gu,
    confidence: 0.75,
  },
  // Japanese: 私の名前は山田太郎です / 氏名：山田 太郎 / 山田太郎と申します
  {
    re: /(?:私の名前は|名前は|氏名[:：]\s*|名前[:：]\s*|担当[:：]\s*)([\p{Script=Han}]{1,3}\s?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{0,4}?)(?=です|と申します|と言います|[、。,.\s]|$)/gu,
    confidence: 0.75,
  },
  // Japanese self-introduction after the greeting of a business message: お世話になっております。田島 悠希です。
  {
    re: /(?:お世話になっております|お世話になります|お疲れ様です|こんにちは)[。、]\s*([\p{Script=Han}々]{1,3}[ \u3000]?[\p{Script=Han}々]{1,3})(?=です)/gu,
    confidence: 0.7,
  },
  {
    re: /(?<![\p{Script=Han}])([\p{Script=Han}]{1,3}\s?[\p{Script=Han}]{1,3})(?=と申します)/gu,
    confidence: 0.75,
  },
  // Korean: 제 이름은 김민준입니다 / 이름: 김민준 / 저는 김민준입니다
  {
    re: /(?:제 이름은|내 이름은|이름은|이름[:：]|성명[:：]|담당자[:：])\s*([가-힣]{2,4}?)(?=입니다|이에요|예요|이고|[,.\s]|$)/gu,
    confidence: 0.75,
  },
];

/**
 * Person names after a cue: "my name is", honorifics (Mr., Frau, Mme, Sra.), "Name:", "我叫",
 * "私の名前は", "제 이름은" and their siblings; plus the structural anchors of
 * `name-contexts.ts` (signatures, salutations, header and attendee fields, contact lines,
 * person-action verbs, CJK titles) and a known given name before a capitalised surname. Other
 * names (an unknown given name in running text, a CJK name without cue or title) are not found
 * offline, or only below the default threshold; that is what `hybrid` mode asks the model for.
 * Confidence 0.55–0.75.
 */
export function findNames({ text }: ScanContext, out: Candidate[]): void {
  const first = out.length;
  findNamesRaw(text, out);
  // "Greg Norman's laptop": the possessive ending is not part of the name; "今朝菅遥さん": a
  // time word glued before a Japanese name is not part of it either.
  for (let i = first; i < out.length; i++) {
    const c = out[i] as Candidate;
    if (c.type !== 'name') continue;
    if (/['’]s$/u.test(text.slice(c.start, c.end))) c.end -= 2;
    const time = JA_TIME_WORD.exec(text.slice(c.start, c.end));
    if (time !== null && c.end - c.start - time[0].length >= 2) c.start += time[0].length;
  }
}

function findNamesRaw(text: string, out: Candidate[]): void {
  LATIN_CUES.lastIndex = 0;
  for (let m = LATIN_CUES.exec(text); m !== null; m = LATIN_CUES.exec(text)) {
    TITLES.lastIndex = m.index + m[0].length;
    TITLES.exec(text);
    const strongCue = /name|nom|heiß|heiss|appelle|llamo|signed|regards|sincerely|contact/.test(
      m[0].toLowerCase(),
    );
    // "Signed: J. Smith": initials before the surname, after a strong cue.
    INITIALED.lastIndex = TITLES.lastIndex;
    // Ranks and "Maître" are followed by initials as often as by given names ("Lt. Col. B. R. Welch").
    const ranked =
      /^(?:lt|col|capt|cpt|gen|maj|sgt|cmdr|dr|prof)\b/.test(m[0].toLowerCase()) && /^\p{Lu}/u.test(m[0]);
    const ini = strongCue || ranked ? INITIALED.exec(text) : null;
    if (ini !== null) {
      out.push({ type: 'name', start: ini.index, end: ini.index + ini[0].length, confidence: 0.7 });
      continue;
    }
    LATIN_NAME.lastIndex = TITLES.lastIndex;
    const n = LATIN_NAME.exec(text);
    if (n === null) continue;
    // "Signed: Management": after a cue that is not an honorific, a department is not a name.
    if (strongCue && n[0].split(/\s+/u).some((w) => NOT_NAME_WORDS.has(w))) continue;
    const name = n[0];
    const words = name.split(/[\s-]+/);
    if (NOT_NAMES.has(words[0] ?? '') || words.some((w) => w.length < 2)) continue;
    const start = n.index;
    const cue = m[0].toLowerCase();
    // Honorifics are written capitalised: "in ms. Default" is a unit, not "Ms. Default".
    if (HONORIFIC.test(cue) && !/^\p{Lu}/u.test(m[0])) continue;
    const strong = /name|nom|heiß|heiss|appelle|llamo|signed|regards|sincerely|contact/.test(cue);
    out.push({ type: 'name', start, end: start + name.length, confidence: strong ? 0.75 : 0.65 });
  }
  ROLE_CUES.lastIndex = 0;
  for (let m = ROLE_CUES.exec(text); m !== null; m = ROLE_CUES.exec(text)) {
    const at = m.index + m[0].length;
    // "Kontoinhaberin Frau Malia Saflanis": the honorific's own cue reads the name after it.
    if (HONORIFIC_AHEAD.test(text.slice(at, at + 12))) continue;
    LATIN_NAME.lastIndex = at;
    const n = LATIN_NAME.exec(text);
    if (n === null || !fullName(text, at, n[0])) continue;
    // "Dirección de envío: Gran Vía, 159": a street-type word makes it a street.
    if (STREET_WORD.test(n[0])) continue;
    out.push({ type: 'name', start: at, end: at + n[0].length, confidence: 0.7 });
  }
  findStructuralNames(text, out);
  findCasualNames(text, out);
  // The CJK cues and shapes below need a CJK character somewhere: Latin-only text skips them.
  if (!CJK_TEXT.test(text)) {
    findContextNames(text, out);
    return;
  }
  CJK_CUES_FOR_LATIN.lastIndex = 0;
  for (let m = CJK_CUES_FOR_LATIN.exec(text); m !== null; m = CJK_CUES_FOR_LATIN.exec(text)) {
    const at = m.index + m[0].length;
    LATIN_NAME.lastIndex = at;
    const n = LATIN_NAME.exec(text);
    if (n === null || !fullName(text, at, n[0])) continue;
    out.push({ type: 'name', start: at, end: at + n[0].length, confidence: 0.7 });
  }
  findCjkRoleNames(text, out);
  findContextNames(text, out);
  for (const { re, confidence } of CJK) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const name = m[1];
      if (name === undefined || NOT_CJK_NAMES.has(name)) continue;
      const start = m.index + m[0].length - name.length;
      out.push({ type: 'name', start, end: start + name.length, confidence });
    }
  }
}

const HAN = /\p{Script=Han}/u;
/** Time words written without a break before a name (今朝菅遥さん, 昨日田中さん). */
const JA_TIME_WORD = /^(?:今朝|今日|昨日|明日|先日|本日|昨夜|今晩|今夜|毎日|来週|先週|今週)/u;
const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}가-힣]/u;

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

/**
 * Names after Chinese, Japanese and Korean role cues and self-introductions, shaped by each
 * language's name forms: a common surname and one or two characters in Chinese, two to four
 * kanji (or a katakana name) in Japanese, a common surname and one or two syllables in Korean.
 */
function findCjkRoleNames(text: string, out: Candidate[]): void {
  const scans: Array<[RegExp, (text: string, at: number) => number]> = [
    [ZH_ROLE_CUES, zhNameLength],
    [JA_ROLE_CUES, jaNameLength],
    [KO_ROLE_CUES, koNameLength],
  ];
  for (const [cues, length] of scans) {
    cues.lastIndex = 0;
    for (let m = cues.exec(text); m !== null; m = cues.exec(text)) {
      const at = m.index + m[0].length;
      const len = length(text, at);
      if (len === 0) continue;
      const name = text.slice(at, at + len);
      if (NOT_CJK_NAMES.has(name)) continue;
      out.push({ type: 'name', start: at, end: at + len, confidence: 0.7 });
    }
  }
}

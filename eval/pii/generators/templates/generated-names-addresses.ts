/**
 * Development set 5: more variety for names and postal addresses, generated from templates
 * written for this set (phrasings not used by the other sets) filled with seeded
 * `@faker-js/faker` person names and the set's own street, city and postcode lists, in all
 * seven languages, plus look-alike negatives (companies, places, products, streets named after
 * people without a house number). Written after blind sets 2 and 3 were spent, in
 * five batches: each batch was written after the previous one had been tuned on and scored
 * once before any rule was tuned on it (first scores in `CHANGELOG.md`, History → PII
 * detection); batch 5 was
 * never tuned on, so its row is the in-house estimate of how the rules generalise.
 *
 * In a template `{full}` is a full name, `{given}` a given name, `{addr}` a postal address,
 * `{email}` an e-mail address spelled from the name, `{city}` and `{company}` look-alikes.
 */
import { type Faker, fakerDE, fakerEN_US, fakerES, fakerFR, fakerJA, fakerKO, fakerZH_CN } from '@faker-js/faker';
import type { PIIType } from '../../../../src/processors/pii-detector/detect/types.js';
import type { PIIFixture } from './generate.js';
import type { Lang } from './slots.js';

type Gen = (f: Faker) => string;

interface LangKit {
  faker: Faker;
  full: Gen;
  given: Gen;
  addr: Gen;
  city: Gen;
  company: Gen;
  positive: readonly string[];
  negative: readonly string[];
  /** Batch 2: written after batch 1 had been tuned on, scored once before tuning on it. */
  positive2: readonly string[];
  negative2: readonly string[];
  /** Batch 3: written after batch 2 had been tuned on, scored once before tuning on it. */
  positive3: readonly string[];
  negative3: readonly string[];
  /** Batch 4: written after batch 3 had been tuned on, scored once before tuning on it. */
  positive4: readonly string[];
  negative4: readonly string[];
  /** Batch 5: written after the last rule change, scored once and never tuned on. */
  positive5: readonly string[];
  negative5: readonly string[];
}

const pick = <T>(f: Faker, xs: readonly T[]): T => xs[f.number.int({ min: 0, max: xs.length - 1 })] as T;
const int = (f: Faker, min: number, max: number) => f.number.int({ min, max });
const latinFull = (f: Faker) => `${f.person.firstName()} ${f.person.lastName()}`;

const KITS: Record<Lang, LangKit> = {
  en: {
    faker: fakerEN_US,
    full: latinFull,
    given: (f) => f.person.firstName(),
    addr: (f) =>
      `${int(f, 10, 9899)} ${pick(f, ['Maple', 'Cedar', 'Willow', 'Hillcrest', 'Lakeview', 'Sunset', 'Franklin', 'Jefferson'])} ${pick(f, ['Street', 'Avenue', 'Drive', 'Court', 'Lane', 'Boulevard'])}, ${pick(f, ['Dayton', 'Boise', 'Tulsa', 'Reno', 'Fresno', 'Madison'])}, ${pick(f, ['OH', 'ID', 'OK', 'NV', 'CA', 'WI'])} ${int(f, 10000, 99899)}`,
    city: () => 'Springfield',
    company: (f) => `${f.company.name()}`,
    positive: [
      'Quick note from [[name|{full}]]: the keys are under the mat.',
      'Please add [[name|{full}]] to the Thursday rota.',
      'Mailing address on file: [[address|{addr}]]',
      'New tenant [[name|{full}]] moves into [[address|{addr}]] next week.',
      'Invoice recipient: [[name|{full}]] <[[email|{email}]]>',
      'Reminder for [[name|{full}]]: dentist at 4pm.',
      'Can you ask [[name|{full}]] to call back?',
      'Our courier left the parcel at [[address|{addr}]].',
      'Present: [[name|{full}]], [[name|{full}]]',
      'Love,\n[[name|{given}]]',
    ],
    negative: [
      'The {company} office is closed on Monday.',
      'Route 66 runs through Springfield and Tulsa.',
      'We renamed the Maple Street project to Cedar.',
      'Reach the Franklin Avenue station in 12 minutes.',
      'Version 4 of the Willow Drive plan is attached.',
    ],
    positive2: [
      '{"customer": "[[name|{full}]]", "tier": "gold"}',
      'name,city\n[[name|{full}]],Denver',
      'Spoke to [[name|{full}]] this morning; she wants a refund.',
      'Ticket reassigned from [[name|{full}]] to [[name|{full}]].',
      '[[name|{full}]] (Head of Finance) approved the budget.',
      'Shipping label: [[name|{full}]], [[address|{addr}]]',
      'My landlord is [[name|{full}]] and the flat is at [[address|{addr}]].',
      'Regards\n\n[[name|{full}]]\nSenior Analyst',
    ],
    negative2: [
      'Johnson & Johnson reported strong results.',
      'We met at Victoria Station near the Grand Hotel.',
      'The Hugo Boss store on Fifth Avenue reopened.',
      'Santa Monica Boulevard is closed this weekend.',
    ],
    positive3: [
      'Emergency contact — [[name|{full}]], sister.',
      'Badge printed for [[name|{full}]] at reception.',
      'Refund approved. Customer: [[name|{full}]]. Ship replacement to [[address|{addr}]].',
      'Thanks again, [[name|{given}]]!',
      'Minutes taken by [[name|{full}]].',
      'Lease signed by [[name|{full}]] and [[name|{full}]] on Friday.',
    ],
    negative3: [
      'Ford Motor Company and Johnson Controls signed a deal.',
      'The Martin Luther King Jr. Day parade starts at noon.',
      'Take Lincoln Avenue north to the Jefferson Memorial.',
      'Morgan Freeman narrated the documentary.',
    ],
    positive4: [
      'Who picked up the keys? [[name|{full}]], I think.',
      'Forward the contract to [[name|{full}]] before noon.',
      'Old address: [[address|{addr}]]. New one to follow.',
      'I am writing on behalf of [[name|{full}]], my grandmother.',
      'Congrats to [[name|{full}]] on the promotion!',
      'Pickup point is [[address|{addr}]] (side entrance).',
    ],
    negative4: [
      'Jordan and Chelsea are rivals in the league.',
      'The Austin Powers sequel flopped.',
      'Warren Buffett Way is a common nickname for the strategy.',
    ],
    positive5: [
      'Driver assigned: [[name|{full}]]. ETA 20 minutes.',
      'The parcel was signed for by [[name|{full}]].',
      'Please update my address to [[address|{addr}]].',
      'Hi all, [[name|{full}]] joins the team on Monday.',
      'Can [[name|{full}]] or [[name|{full}]] cover the late shift?',
      'Bill to: [[name|{full}]]\n[[address|{addr}]]',
    ],
    negative5: [
      'Tesla and Ford shares fell on Monday.',
      'The Lincoln Memorial is closed for repairs.',
      'Grace Hopper Day is celebrated in December.',
    ],
  },
  de: {
    faker: fakerDE,
    full: latinFull,
    given: (f) => f.person.firstName(),
    addr: (f) =>
      `${pick(f, ['Bahnhof', 'Garten', 'Mühlen', 'Kirch', 'Wiesen', 'Schul'])}${pick(f, ['straße', 'weg', 'gasse', 'allee'])} ${int(f, 1, 199)}, ${int(f, 10000, 99899)} ${pick(f, ['Bremen', 'Dresden', 'Mainz', 'Kiel', 'Ulm', 'Erfurt'])}`,
    city: () => 'Dresden',
    company: (f) => `${f.company.name()}`,
    positive: [
      'Kurze Info von [[name|{full}]]: der Schlüssel liegt im Briefkasten.',
      'Bitte tragen Sie [[name|{full}]] für Donnerstag ein.',
      'Unsere Postanschrift: [[address|{addr}]]',
      'Neuer Mieter [[name|{full}]] zieht in die [[address|{addr}]].',
      'Rechnung an [[name|{full}]] <[[email|{email}]]>',
      'Anwesend: [[name|{full}]], [[name|{full}]]',
      'Das Paket liegt bei [[address|{addr}]].',
      'Viele Grüße\n[[name|{full}]]',
      'Ansprechpartnerin: [[name|{full}]]',
      'Liebe Grüße, [[name|{given}]]',
    ],
    negative: [
      'Die Filiale von {company} schließt am Montag.',
      'Die Bahnhofstraße ist wegen Bauarbeiten gesperrt.',
      'Kapitel 12, 10115 Exemplare wurden gedruckt.',
      'Treffpunkt ist der Marktplatz in Dresden.',
      'Die Goethestraße wird ab Mai umbenannt.',
    ],
    positive2: [
      '{"kunde": "[[name|{full}]]", "stufe": "gold"}',
      'Name;Ort\n[[name|{full}]];Leipzig',
      'Habe heute früh mit [[name|{full}]] telefoniert, sie möchte eine Erstattung.',
      'Ticket von [[name|{full}]] an [[name|{full}]] übergeben.',
      '[[name|{full}]] (Leitung Finanzen) hat das Budget freigegeben.',
      'Versandetikett: [[name|{full}]], [[address|{addr}]]',
      'Mein Vermieter ist [[name|{full}]], die Wohnung liegt in der [[address|{addr}]].',
      'Mit freundlichen Grüßen\n\n[[name|{full}]]\nTeamleitung',
    ],
    negative2: [
      'Die Deutsche Bank meldet gute Zahlen.',
      'Wir treffen uns am Alexanderplatz beim Hotel Adlon.',
      'Der Hugo Boss Laden in der Königsallee hat wieder offen.',
      'Die Karl-Marx-Allee ist am Wochenende gesperrt.',
    ],
    positive3: [
      'Notfallkontakt – [[name|{full}]], Schwester.',
      'Besucherausweis für [[name|{full}]] liegt am Empfang.',
      'Erstattung genehmigt. Kunde: [[name|{full}]]. Ersatz an [[address|{addr}]].',
      'Nochmals danke, [[name|{given}]]!',
      'Protokoll: [[name|{full}]].',
      'Mietvertrag unterschrieben von [[name|{full}]] und [[name|{full}]].',
    ],
    negative3: [
      'Die Robert Bosch GmbH eröffnet ein neues Werk.',
      'Der Konrad-Adenauer-Platz wird neu gestaltet.',
      'Die Goethe-Universität liegt in Frankfurt.',
      'Die Thomas-Mann-Straße ist gesperrt.',
    ],
    positive4: [
      'Wer hat die Schlüssel abgeholt? [[name|{full}]], glaube ich.',
      'Bitte den Vertrag bis Mittag an [[name|{full}]] weiterleiten.',
      'Alte Anschrift: [[address|{addr}]]. Die neue folgt.',
      'Ich schreibe im Auftrag von [[name|{full}]], meiner Großmutter.',
      'Glückwunsch an [[name|{full}]] zur Beförderung!',
      'Abholpunkt ist [[address|{addr}]] (Seiteneingang).',
    ],
    negative4: [
      'Die Max-Planck-Gesellschaft forscht in Garching.',
      'Bei Otto Versand gibt es Rabatt.',
      'Das Albert Schweitzer Kinderdorf sammelt Spenden.',
    ],
    positive5: [
      'Zugewiesener Fahrer: [[name|{full}]]. Ankunft in 20 Minuten.',
      'Das Paket wurde von [[name|{full}]] entgegengenommen.',
      'Bitte ändern Sie meine Adresse auf [[address|{addr}]].',
      'Hallo zusammen, [[name|{full}]] verstärkt ab Montag das Team.',
      'Kann [[name|{full}]] oder [[name|{full}]] die Spätschicht übernehmen?',
      'Rechnung an: [[name|{full}]]\n[[address|{addr}]]',
    ],
    negative5: [
      'Siemens und Bosch melden Kurzarbeit.',
      'Das Beethoven-Haus in Bonn ist geöffnet.',
      'Der Anne-Frank-Tag findet im Juni statt.',
    ],
  },
  fr: {
    faker: fakerFR,
    full: latinFull,
    given: (f) => f.person.firstName(),
    addr: (f) =>
      `${int(f, 1, 180)} ${pick(f, ['rue', 'avenue', 'boulevard', 'allée', 'impasse'])} ${pick(f, ['des Lilas', 'Victor Hugo', 'du Moulin', 'de la Gare', 'Pasteur', 'des Écoles'])}, ${int(f, 10000, 95899)} ${pick(f, ['Nantes', 'Rennes', 'Dijon', 'Nancy', 'Brest', 'Tours'])}`,
    city: () => 'Nantes',
    company: (f) => `${f.company.name()}`,
    positive: [
      'Petit mot de [[name|{full}]] : les clés sont chez la gardienne.',
      'Merci d’ajouter [[name|{full}]] au planning de jeudi.',
      'Adresse postale : [[address|{addr}]]',
      'Le nouveau locataire, [[name|{full}]], emménage au [[address|{addr}]].',
      'Facture à [[name|{full}]] <[[email|{email}]]>',
      'Participants : [[name|{full}]], [[name|{full}]]',
      'Le colis a été déposé au [[address|{addr}]].',
      'Bien à vous,\n[[name|{full}]]',
      'Interlocutrice : [[name|{full}]]',
      'Bises, [[name|{given}]]',
    ],
    negative: [
      'La boutique {company} ferme le lundi.',
      'La rue Victor Hugo est fermée pour travaux.',
      'Le boulevard Pasteur mène à la gare de Nantes.',
      'Chapitre 3, 15000 exemplaires vendus.',
      'Rendez-vous place de la République à Rennes.',
    ],
    positive2: [
      '{"client": "[[name|{full}]]", "niveau": "or"}',
      'nom;ville\n[[name|{full}]];Lille',
      'J’ai eu [[name|{full}]] au téléphone ce matin, elle veut un remboursement.',
      'Ticket transféré de [[name|{full}]] à [[name|{full}]].',
      '[[name|{full}]] (directrice financière) a validé le budget.',
      'Étiquette d’expédition : [[name|{full}]], [[address|{addr}]]',
      'Mon propriétaire est [[name|{full}]] et l’appartement se trouve au [[address|{addr}]].',
      'Cordialement\n\n[[name|{full}]]\nResponsable comptable',
    ],
    negative2: [
      'La Société Générale publie de bons résultats.',
      'Rendez-vous à la gare Saint-Lazare près de l’hôtel Ritz.',
      'La boutique Louis Vuitton des Champs-Élysées a rouvert.',
      'L’avenue Jean Jaurès est fermée ce week-end.',
    ],
    positive3: [
      'Contact d’urgence — [[name|{full}]], sœur.',
      'Badge imprimé pour [[name|{full}]] à l’accueil.',
      'Remboursement validé. Client : [[name|{full}]]. Renvoyer au [[address|{addr}]].',
      'Encore merci, [[name|{given}]] !',
      'Compte rendu rédigé par [[name|{full}]].',
      'Bail signé par [[name|{full}]] et [[name|{full}]] vendredi.',
    ],
    negative3: [
      'Le lycée Victor Duruy organise une kermesse.',
      'La fondation Louis Vuitton expose Monet.',
      'Prenez l’avenue Charles de Gaulle vers Neuilly.',
      'Le prix Jean Monnet sera remis demain.',
    ],
    positive4: [
      'Qui a récupéré les clés ? [[name|{full}]], je crois.',
      'Merci de transmettre le contrat à [[name|{full}]] avant midi.',
      'Ancienne adresse : [[address|{addr}]]. La nouvelle suivra.',
      'Je vous écris au nom de [[name|{full}]], ma grand-mère.',
      'Félicitations à [[name|{full}]] pour sa promotion !',
      'Le point de retrait est au [[address|{addr}]] (entrée latérale).',
    ],
    negative4: [
      'Le musée Marmottan Monet expose Berthe Morisot.',
      'La station Charles Michels est fermée.',
      'Le groupe Pierre Fabre recrute.',
    ],
    positive5: [
      'Livreur attribué : [[name|{full}]]. Arrivée dans 20 minutes.',
      'Le colis a été réceptionné par [[name|{full}]].',
      'Merci de mettre à jour mon adresse : [[address|{addr}]].',
      'Bonjour à tous, [[name|{full}]] rejoint l’équipe lundi.',
      '[[name|{full}]] ou [[name|{full}]] peut-il assurer la permanence ?',
      'Facturer à : [[name|{full}]]\n[[address|{addr}]]',
    ],
    negative5: [
      'Renault et Peugeot reculent en Bourse.',
      'Le centre Georges Pompidou ferme le mardi.',
      'La fête de la Saint-Jean approche.',
    ],
  },
  es: {
    faker: fakerES,
    full: latinFull,
    given: (f) => f.person.firstName(),
    addr: (f) =>
      `${pick(f, ['Calle', 'Avenida', 'Paseo', 'Plaza'])} ${pick(f, ['del Sol', 'de la Paz', 'Mayor', 'de Colón', 'Real', 'de Goya'])} ${int(f, 1, 220)}, ${int(f, 10000, 52899)} ${pick(f, ['Murcia', 'Bilbao', 'Málaga', 'Vigo', 'Gijón', 'Córdoba'])}`,
    city: () => 'Bilbao',
    company: (f) => `${f.company.name()}`,
    positive: [
      'Nota de [[name|{full}]]: las llaves están en portería.',
      'Por favor, apunten a [[name|{full}]] para el jueves.',
      'Dirección postal: [[address|{addr}]]',
      'El nuevo inquilino, [[name|{full}]], se muda a [[address|{addr}]].',
      'Factura para [[name|{full}]] <[[email|{email}]]>',
      'Asistentes: [[name|{full}]], [[name|{full}]]',
      'El paquete quedó en [[address|{addr}]].',
      'Un saludo,\n[[name|{full}]]',
      'Persona de contacto: [[name|{full}]]',
      'Besos, [[name|{given}]]',
    ],
    negative: [
      'La tienda {company} cierra los lunes.',
      'La Calle Mayor está cortada por obras.',
      'El Paseo del Sol lleva a la playa de Málaga.',
      'Capítulo 7, 25000 ejemplares vendidos.',
      'Quedamos en la Plaza Mayor de Bilbao.',
    ],
    positive2: [
      '{"cliente": "[[name|{full}]]", "nivel": "oro"}',
      'nombre;ciudad\n[[name|{full}]];Toledo',
      'Hablé esta mañana con [[name|{full}]], quiere un reembolso.',
      'Incidencia reasignada de [[name|{full}]] a [[name|{full}]].',
      '[[name|{full}]] (directora financiera) aprobó el presupuesto.',
      'Etiqueta de envío: [[name|{full}]], [[address|{addr}]]',
      'Mi casero es [[name|{full}]] y el piso está en [[address|{addr}]].',
      'Atentamente\n\n[[name|{full}]]\nJefa de contabilidad',
    ],
    negative2: [
      'El Banco Santander presentó buenos resultados.',
      'Quedamos en la estación de Atocha junto al Hotel Ritz.',
      'La tienda de Carolina Herrera en Serrano reabrió.',
      'La Gran Vía estará cortada este fin de semana.',
    ],
    positive3: [
      'Contacto de emergencia — [[name|{full}]], hermana.',
      'Acreditación impresa para [[name|{full}]] en recepción.',
      'Reembolso aprobado. Cliente: [[name|{full}]]. Enviar a [[address|{addr}]].',
      '¡Gracias otra vez, [[name|{given}]]!',
      'Acta redactada por [[name|{full}]].',
      'Contrato firmado por [[name|{full}]] y [[name|{full}]] el viernes.',
    ],
    negative3: [
      'El Hospital Ramón y Cajal amplía urgencias.',
      'La Fundación Juan March abre una exposición.',
      'Tome la avenida Pablo Neruda hacia el centro.',
      'El estadio Santiago Bernabéu está lleno.',
    ],
    positive4: [
      '¿Quién recogió las llaves? [[name|{full}]], creo.',
      'Reenvía el contrato a [[name|{full}]] antes del mediodía.',
      'Dirección antigua: [[address|{addr}]]. La nueva, en breve.',
      'Le escribo en nombre de [[name|{full}]], mi abuela.',
      '¡Enhorabuena a [[name|{full}]] por el ascenso!',
      'El punto de recogida es [[address|{addr}]] (entrada lateral).',
    ],
    negative4: [
      'El Museo Reina Sofía abre los lunes.',
      'La estación Ramón Gómez de la Serna está cerrada.',
      'El grupo Pedro Ximénez presentó su vino.',
    ],
    positive5: [
      'Repartidor asignado: [[name|{full}]]. Llega en 20 minutos.',
      'El paquete lo recibió [[name|{full}]].',
      'Por favor, actualicen mi dirección a [[address|{addr}]].',
      'Hola a todos, [[name|{full}]] se une al equipo el lunes.',
      '¿Puede [[name|{full}]] o [[name|{full}]] cubrir el turno de noche?',
      'Facturar a: [[name|{full}]]\n[[address|{addr}]]',
    ],
    negative5: [
      'Telefónica e Iberdrola suben en bolsa.',
      'El Museo Sorolla abre los domingos.',
      'La noche de San Juan es muy popular.',
    ],
  },
  zh: {
    faker: fakerZH_CN,
    full: (f) => `${f.person.lastName()}${f.person.firstName()}`,
    given: (f) => f.person.firstName(),
    addr: (f) =>
      `${pick(f, ['湖北省武汉市', '山东省青岛市', '福建省厦门市', '天津市', '重庆市', '河南省郑州市'])}${pick(f, ['江汉区', '市南区', '思明区', '和平区', '渝中区', '金水区'])}${pick(f, ['解放路', '和平街', '建设大道', '友谊路', '新华街'])}${int(f, 1, 499)}号`,
    city: () => '武汉',
    company: () => '华为技术有限公司',
    positive: [
      '留言：[[name|{full}]]说钥匙在门卫那里。',
      '请把[[name|{full}]]加到周四的排班表。',
      '通讯地址：[[address|{addr}]]',
      '新租户[[name|{full}]]下周搬到[[address|{addr}]]。',
      '发票寄给[[name|{full}]]（[[email|{email}]]）',
      '参会人员：[[name|{full}]]、[[name|{full}]]',
      '包裹放在[[address|{addr}]]了。',
      '此致\n敬礼！\n[[name|{full}]]',
      '联系人：[[name|{full}]]',
    ],
    negative: [
      '{company}周一休息。',
      '解放路正在修路，请绕行。',
      '和平街附近有很多餐馆。',
      '第3章共有15000字。',
      '我们在武汉的办公室很大。',
    ],
    positive2: [
      '{"客户": "[[name|{full}]]", "等级": "金卡"}',
      '姓名,城市\n[[name|{full}]],成都',
      '今天上午和[[name|{full}]]通了电话，她想退款。',
      '工单已从[[name|{full}]]转给[[name|{full}]]。',
      '[[name|{full}]]（财务总监）批准了预算。',
      '快递单：[[name|{full}]]，[[address|{addr}]]',
      '我的房东是[[name|{full}]]，房子在[[address|{addr}]]。',
      '此致\n[[name|{full}]]\n高级分析师',
    ],
    negative2: [
      '中国银行发布了年度报告。',
      '我们在人民广场旁边的和平饭店见面。',
      '王府井大街周末封路。',
      '张江高科技园区有很多公司。',
    ],
    positive3: [
      '紧急联系人：[[name|{full}]]（姐姐）',
      '前台已为[[name|{full}]]打印访客证。',
      '退款已批准。客户：[[name|{full}]]。补发到[[address|{addr}]]。',
      '再次感谢[[name|{full}]]！',
      '会议记录：[[name|{full}]]',
      '租约由[[name|{full}]]和[[name|{full}]]周五签署。',
    ],
    negative3: [
      '中山公园今天免费开放。',
      '鲁迅纪念馆周一闭馆。',
      '孙中山故居在翠亨村。',
      '李宁公司发布了新款跑鞋。',
    ],
    positive4: [
      '钥匙是谁拿走的？应该是[[name|{full}]]。',
      '请在中午前把合同转发给[[name|{full}]]。',
      '旧地址：[[address|{addr}]]，新地址稍后发。',
      '我代表我的外婆[[name|{full}]]写信。',
      '恭喜[[name|{full}]]升职！',
      '取货点在[[address|{addr}]]（侧门）。',
    ],
    negative4: [
      '中山大学今年扩招。',
      '王老吉凉茶很受欢迎。',
      '张家界的风景很美。',
    ],
    positive5: [
      '已分配司机：[[name|{full}]]，预计20分钟到达。',
      '包裹已由[[name|{full}]]签收。',
      '请把我的地址改为[[address|{addr}]]。',
      '大家好，[[name|{full}]]下周一加入团队。',
      '[[name|{full}]]或[[name|{full}]]能顶一下晚班吗？',
      '开票信息：[[name|{full}]]，[[address|{addr}]]',
    ],
    negative5: [
      '华为和小米发布了新手机。',
      '岳麓书院是著名景点。',
      '黄山的日出很壮观。',
    ],
  },
  ja: {
    faker: fakerJA,
    full: (f) => `${f.person.lastName()}${f.person.firstName()}`,
    given: (f) => f.person.firstName(),
    addr: (f) =>
      `〒${int(f, 100, 999)}-${String(int(f, 0, 9999)).padStart(4, '0')} ${pick(f, ['大阪府大阪市北区', '京都府京都市左京区', '北海道札幌市北区', '兵庫県神戸市中央区', '宮城県仙台市青葉区'])}${pick(f, ['梅田', '下鴨', '北七条', '三宮町', '一番町'])}${int(f, 1, 5)}丁目${int(f, 1, 20)}番${int(f, 1, 30)}号`,
    city: () => '大阪',
    company: () => 'トヨタ自動車株式会社',
    positive: [
      '[[name|{full}]]さんから鍵の件で連絡がありました。',
      '木曜日のシフトに[[name|{full}]]様を追加してください。',
      '郵送先：[[address|{addr}]]',
      '新しい入居者の[[name|{full}]]さんは来週[[address|{addr}]]に引っ越します。',
      '請求書送付先：[[name|{full}]]様（[[email|{email}]]）',
      '出席者：[[name|{full}]]、[[name|{full}]]',
      '荷物は[[address|{addr}]]に届けました。',
      'よろしくお願いいたします。\n[[name|{full}]]',
      '担当者：[[name|{full}]]',
    ],
    negative: [
      '{company}は月曜日が定休日です。',
      '梅田駅から徒歩5分です。',
      '大阪の天気は晴れです。',
      '第3章は15000字あります。',
      '会議室Aを予約しました。',
    ],
    positive2: [
      '{"顧客": "[[name|{full}]]", "ランク": "ゴールド"}',
      '氏名,都市\n[[name|{full}]],福岡',
      '今朝[[name|{full}]]さんと電話で話しました。返金を希望しています。',
      'チケットを[[name|{full}]]さんから[[name|{full}]]さんに引き継ぎました。',
      '[[name|{full}]]（経理部長）が予算を承認しました。',
      '配送ラベル：[[name|{full}]]様、[[address|{addr}]]',
      '大家さんは[[name|{full}]]さんで、部屋は[[address|{addr}]]にあります。',
      '以上、よろしくお願いいたします。\n\n[[name|{full}]]\n経理部',
    ],
    negative2: [
      '三菱銀行が決算を発表しました。',
      '新宿駅近くのホテルで会いましょう。',
      '銀座通りは週末通行止めです。',
      '田中地所の新しいビルが完成しました。',
    ],
    positive3: [
      '緊急連絡先：[[name|{full}]]（姉）',
      '受付で[[name|{full}]]様の入館証を印刷しました。',
      '返金承認済み。お客様：[[name|{full}]]様。代替品は[[address|{addr}]]へ。',
      '[[name|{full}]]さん、本当にありがとうございました。',
      '議事録作成：[[name|{full}]]',
      '賃貸契約は[[name|{full}]]さんと[[name|{full}]]さんが金曜日に署名しました。',
    ],
    negative3: [
      '豊田市の工場が稼働しました。',
      '本田技研工業が新型車を発表しました。',
      '松下幸之助記念館は月曜休館です。',
      '伊藤園の新しいお茶が出ました。',
    ],
    positive4: [
      '鍵を受け取ったのは誰ですか？たぶん[[name|{full}]]さんです。',
      '正午までに契約書を[[name|{full}]]さんに転送してください。',
      '旧住所：[[address|{addr}]]。新住所は追ってお知らせします。',
      '祖母の[[name|{full}]]に代わってご連絡しております。',
      '[[name|{full}]]さん、昇進おめでとうございます！',
      '受け取り場所は[[address|{addr}]]（通用口）です。',
    ],
    negative4: [
      '吉野家の牛丼を食べました。',
      '野口英世記念館に行きました。',
      '森永製菓の新商品です。',
    ],
    positive5: [
      '担当ドライバー：[[name|{full}]]。約20分で到着します。',
      '荷物は[[name|{full}]]様が受け取りました。',
      '住所を[[address|{addr}]]に変更してください。',
      '皆さん、月曜日から[[name|{full}]]さんがチームに加わります。',
      '[[name|{full}]]さんか[[name|{full}]]さん、遅番を代わってもらえますか？',
      '請求先：[[name|{full}]]様 [[address|{addr}]]',
    ],
    negative5: [
      'ソニーとパナソニックの株価が下がりました。',
      '夏目漱石の小説を読みました。',
      '富士山の写真を撮りました。',
    ],
  },
  ko: {
    faker: fakerKO,
    full: (f) => `${f.person.lastName()}${f.person.firstName()}`,
    given: (f) => f.person.firstName(),
    addr: (f) =>
      `${pick(f, ['대구광역시 수성구', '광주광역시 서구', '대전광역시 유성구', '경기도 성남시 분당구', '울산광역시 남구'])} ${pick(f, ['동대구로', '상무대로', '대학로', '판교역로', '삼산로'])} ${int(f, 1, 399)}`,
    city: () => '대구',
    company: () => '삼성전자',
    positive: [
      '[[name|{full}]] 씨가 열쇠 문제로 연락했습니다.',
      '목요일 근무표에 [[name|{full}]] 님을 추가해 주세요.',
      '우편 주소: [[address|{addr}]]',
      '새 세입자 [[name|{full}]] 님이 다음 주 [[address|{addr}]]로 이사합니다.',
      '청구서 수신: [[name|{full}]] <[[email|{email}]]>',
      '참석자: [[name|{full}]], [[name|{full}]]',
      '택배는 [[address|{addr}]]에 두었습니다.',
      '담당자: [[name|{full}]]',
      '[[name|{full}]] 드림',
    ],
    negative: [
      '{company} 매장은 월요일에 쉽니다.',
      '대학로에는 극장이 많습니다.',
      '대구 날씨가 맑습니다.',
      '3장은 15000자입니다.',
      '회의실 A를 예약했습니다.',
    ],
    positive2: [
      '{"고객": "[[name|{full}]]", "등급": "골드"}',
      '이름,도시\n[[name|{full}]],부산',
      '오늘 아침 [[name|{full}]] 님과 통화했습니다. 환불을 원하십니다.',
      '티켓을 [[name|{full}]] 님에게서 [[name|{full}]] 님에게 넘겼습니다.',
      '[[name|{full}]] 재무이사가 예산을 승인했습니다.',
      '배송 라벨: [[name|{full}]], [[address|{addr}]]',
      '집주인은 [[name|{full}]] 씨이고 집은 [[address|{addr}]]에 있습니다.',
      '감사합니다.\n[[name|{full}]] 드림',
    ],
    negative2: [
      '국민은행이 실적을 발표했습니다.',
      '서울역 근처 호텔에서 만납시다.',
      '세종대로는 주말에 통제됩니다.',
      '김포공항 주차장이 혼잡합니다.',
    ],
    positive3: [
      '비상 연락처: [[name|{full}]] (언니)',
      '안내데스크에서 [[name|{full}]] 님의 출입증을 출력했습니다.',
      '환불 승인. 고객: [[name|{full}]]. 대체품은 [[address|{addr}]]로 보내 주세요.',
      '[[name|{full}]] 님, 정말 감사합니다.',
      '회의록 작성: [[name|{full}]]',
      '임대 계약은 [[name|{full}]] 씨와 [[name|{full}]] 씨가 금요일에 서명했습니다.',
    ],
    negative3: [
      '세종문화회관 공연이 매진되었습니다.',
      '이순신 장군 동상 앞에서 만나요.',
      '김대중컨벤션센터에서 행사가 열립니다.',
      '정주영 회장 기념관이 문을 열었습니다.',
    ],
    positive4: [
      '열쇠는 누가 가져갔나요? 아마 [[name|{full}]] 씨일 거예요.',
      '정오 전까지 계약서를 [[name|{full}]] 님께 전달해 주세요.',
      '이전 주소: [[address|{addr}]]. 새 주소는 곧 알려 드릴게요.',
      '할머니 [[name|{full}]] 님을 대신해 연락드립니다.',
      '[[name|{full}]] 님, 승진을 축하드립니다!',
      '수령 장소는 [[address|{addr}]] (옆문)입니다.',
    ],
    negative4: [
      '김밥천국에서 점심을 먹었습니다.',
      '세종대왕 동상 앞에서 봐요.',
      '이마트 할인 행사가 시작됐습니다.',
    ],
    positive5: [
      '배정된 기사: [[name|{full}]]. 20분 후 도착 예정입니다.',
      '택배는 [[name|{full}]] 님이 수령하셨습니다.',
      '주소를 [[address|{addr}]]로 변경해 주세요.',
      '여러분, 월요일부터 [[name|{full}]] 님이 팀에 합류합니다.',
      '[[name|{full}]] 님이나 [[name|{full}]] 님이 야간 근무를 대신해 줄 수 있나요?',
      '청구처: [[name|{full}]], [[address|{addr}]]',
    ],
    negative5: [
      '현대와 기아가 신차를 발표했습니다.',
      '세종대학교 입학식이 열렸습니다.',
      '한라산 등반을 다녀왔습니다.',
    ],
  },
};

const MARK = /\[\[([a-z-]+)\|([^\]]*)\]\]/gu;
const ROMAN: Record<string, string> = { zh: 'wang', ja: 'sato', ko: 'kim' };

function emailFor(f: Faker, lang: Lang, lastName: string): string {
  const local =
    ROMAN[lang] !== undefined
      ? `${ROMAN[lang]}${int(f, 10, 99)}`
      : lastName
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .replace(/[^a-z]/g, '');
  return `${local}.${int(f, 1, 99)}@${pick(f, ['mail.com', 'post.de', 'correo.es', 'courriel.fr', 'inbox.net'])}`;
}

/** One template filled with fresh values; spans from the `[[type|value]]` marks. */
function fill(kit: LangKit, lang: Lang, template: string): { text: string; spans: PIIFixture['spans'] } {
  const f = kit.faker;
  let lastFull = '';
  const expanded = template.replace(/\{(full|given|addr|email|city|company)\}/gu, (_, slot: string) => {
    if (slot === 'full') {
      lastFull = kit.full(f);
      return lastFull;
    }
    if (slot === 'email') return emailFor(f, lang, lastFull.split(' ').at(-1) ?? 'x');
    return kit[slot as 'given' | 'addr' | 'city' | 'company'](f);
  });
  const spans: PIIFixture['spans'] = [];
  let text = '';
  let last = 0;
  for (const m of expanded.matchAll(MARK)) {
    text += expanded.slice(last, m.index);
    const value = m[2] as string;
    spans.push({ type: m[1] as PIIType, start: text.length, end: text.length + value.length });
    text += value;
    last = (m.index as number) + m[0].length;
  }
  text += expanded.slice(last);
  return { text, spans };
}

/**
 * Every generated name/address fixture of a batch, the same on every call (seeded faker per language). Batch 1
 * and batch 2 are separate rows of the eval, so each batch's first score stays readable.
 */
export function generateNamesAddressesPIIFixtures(batch: 1 | 2 | 3 | 4 | 5 = 1, seed = 5_2026_12): PIIFixture[] {
  const out: PIIFixture[] = [];
  for (const lang of Object.keys(KITS) as Lang[]) {
    const base = KITS[lang];
    const kit =
      batch === 1
        ? base
        : batch === 2
          ? { ...base, positive: base.positive2, negative: base.negative2 }
          : batch === 3
            ? { ...base, positive: base.positive3, negative: base.negative3 }
            : batch === 4
              ? { ...base, positive: base.positive4, negative: base.negative4 }
              : { ...base, positive: base.positive5, negative: base.negative5 };
    kit.faker.seed(seed + batch * 1000 + lang.charCodeAt(0) * 7 + lang.charCodeAt(1));
    for (let round = 0; round < 3; round++) {
      kit.positive.forEach((t, i) => {
        const { text, spans } = fill(kit, lang, t);
        out.push({ id: `dev5-${batch}-${lang}-p${i}-${round}`, lang, text, spans, negative: false, half: 'dev' });
      });
      kit.negative.forEach((t, i) => {
        const { text, spans } = fill(kit, lang, t);
        out.push({ id: `dev5-${batch}-${lang}-n${i}-${round}`, lang, text, spans, negative: spans.length === 0, half: 'dev' });
      });
    }
  }
  return out;
}

/**
 * Templates written after tuning closed, in phrasings the detector was never looked at
 * against. Their lines are scored as a separate "fresh phrasing" set: the development and
 * held-out halves share `templates.ts` (they differ in values), so this set is the honest
 * figure for text worded differently. Never tune on it; add new fresh templates instead.
 */
import type { LangTemplates } from './templates.js';
import type { Lang } from './slots.js';

export const UNSEEN_PHRASING_TEMPLATES: Readonly<Record<Lang, LangTemplates>> = {
  en: {
    positive: [
      'Drop me a line ({email}) whenever.',
      'Text me: {phone}',
      'Visa on file is {card}, expiry next year.',
      'Our office: {address}. Parking at the back.',
      'DOB {dob}, blood type O.',
      'Hey, Dr. {name} asked me to forward this.',
    ],
    negative: [
      'Your parcel {tracking} is out for delivery.',
      'Batch {lot} passed QA on {date}.',
      'Ticket #{number} was closed.',
      'Fingerprint: {hash}',
    ],
  },
  de: {
    positive: [
      'Schreib mir einfach an {email}.',
      'Mein Handy: {phone}',
      'Zahlung per Kreditkarte {card} bitte.',
      'Neue Anschrift: {address}',
      'Geburtsdatum {dob}, Größe 1,80 m.',
      'Frau {name} hat angerufen.',
    ],
    negative: [
      'Paketnummer {tracking} ist unterwegs.',
      'Losnummer {lot} wurde am {date} geprüft.',
      'Vorgangsnummer {number} ist geschlossen.',
      'Prüfsumme: {hash}',
    ],
  },
  fr: {
    positive: [
      'Écrivez-moi sur {email} si besoin.',
      'Mon portable : {phone}',
      'Payez avec la carte {card}.',
      'Nouvelle adresse : {address}',
      'Date de naissance {dob}, taille 1,70 m.',
      'Monsieur {name} a appelé ce matin.',
    ],
    negative: [
      'Le colis {tracking} est en livraison.',
      'Le lot {lot} a été contrôlé le {date}.',
      'Dossier {number} clôturé.',
      'Empreinte : {hash}',
    ],
  },
  es: {
    positive: [
      'Escríbeme a {email} cuando quieras.',
      'Mi móvil: {phone}',
      'Paguen con la tarjeta {card}.',
      'Nueva dirección: {address}',
      'Fecha de nacimiento {dob}, altura 1,75 m.',
      'El señor {name} llamó esta mañana.',
    ],
    negative: [
      'El envío {tracking} está en reparto.',
      'El lote {lot} se revisó el {date}.',
      'Expediente {number} cerrado.',
      'Suma de comprobación: {hash}',
    ],
  },
  zh: {
    positive: [
      '有事发邮件到{email}。',
      '手机：{phone}',
      '用信用卡{card}付款。',
      '新地址：{address}',
      '出生日期{dob}，身高一米七。',
      '姓名：{name}',
    ],
    negative: [
      '运单号{tracking}正在派送。',
      '批次{lot}已于{date}检验。',
      '编号{number}已关闭。',
      '哈希：{hash}',
    ],
  },
  ja: {
    positive: [
      '連絡は{email}までお願いします。',
      '携帯：{phone}',
      'カード{card}で支払います。',
      '新住所：{address}',
      '生年月日{dob}、身長170cm。',
      '氏名：{name}',
    ],
    negative: [
      'お問い合わせ番号{tracking}は配達中です。',
      'ロット{lot}は{date}に検査済みです。',
      '品番{number}は廃番です。',
      'ハッシュ：{hash}',
    ],
  },
  ko: {
    positive: [
      '연락은 {email}로 주세요.',
      '휴대폰: {phone}',
      '카드 {card}로 결제합니다.',
      '새 주소: {address}',
      '생년월일 {dob}, 키 170cm.',
      '성명: {name}',
    ],
    negative: [
      '송장번호 {tracking} 배송 중입니다.',
      '로트 {lot}는 {date}에 검사되었습니다.',
      '일련번호 {number}는 단종되었습니다.',
      '해시: {hash}',
    ],
  },
};

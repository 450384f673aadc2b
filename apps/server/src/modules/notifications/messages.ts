import type { NotificationAction, NotificationKind } from '@hearth/contract';

/*
 * Every text a notification or email carries, in English and German. A person's language picks the set;
 * anything else reads English.
 */

export type Lang = 'en' | 'de';

export interface Messages {
  reminderTitle: (title: string) => string;
  reminderBody: (description: string | null) => string;
  taskTitle: (title: string) => string;
  taskBody: string;
  billDueTitle: (title: string) => string;
  billDueBody: (amount: string) => string;
  paymentToYou: (amount: string) => string;
  paymentFromYou: (amount: string) => string;
  paymentBody: string;
  done: string;
  snooze: string;
  /** Shown by the service worker when a button's call fails (it has no catalogue of its own). */
  actionFailedTitle: string;
  actionFailedBody: string;
  digestTitle: string;
  digestEmpty: string;
  digestSections: { missed: string; reminders: string; tasks: string; bills: string; house: string };
  taskDoneBy: (title: string) => string;
  taskSkippedBy: (title: string) => string;
  billChange: (title: string) => string;
  webhookDisabled: (name: string) => string;
  webhookDisabledBody: string;
  houseBody: string;
  testTitle: string;
  testBody: string;
  emailFooter: (kindName: string) => string;
  unsubscribe: (kindName: string) => string;
  openHearth: string;
  kindNames: Record<NotificationKind, string>;
}

const en: Messages = {
  reminderTitle: (title) => title,
  reminderBody: (description) => description || 'Reminder',
  taskTitle: (title) => `Your turn: ${title}`,
  taskBody: 'This task is due now.',
  billDueTitle: (title) => `${title} is due today`,
  billDueBody: (amount) => `Amount: ${amount}`,
  paymentToYou: (amount) => `A payment of ${amount} to you was recorded`,
  paymentFromYou: (amount) => `A payment of ${amount} from you was recorded`,
  paymentBody: 'Open Bills to see your balance.',
  done: 'Done',
  snooze: 'Snooze 10 min',
  actionFailedTitle: "Hearth couldn't do that",
  actionFailedBody: 'Open Hearth to do it there.',
  digestTitle: 'Your day in Hearth',
  digestEmpty: 'Nothing due today.',
  digestSections: {
    missed: 'While you were away',
    reminders: 'Reminders today',
    tasks: 'Your tasks today',
    bills: 'Bills due today',
    house: 'What housemates changed',
  },
  taskDoneBy: (title) => `Done: ${title}`,
  taskSkippedBy: (title) => `Skipped: ${title}`,
  billChange: (title) => `Bills: ${title}`,
  webhookDisabled: (name) => `Webhook switched off: ${name}`,
  webhookDisabledBody: 'It failed for 3 days. Check the receiver, then switch it on again on the House page.',
  houseBody: 'A housemate changed this in Hearth.',
  testTitle: 'Hearth test notification',
  testBody: 'Notifications from Hearth reach you here.',
  emailFooter: (kindName) =>
    `You get this email because email is on for ${kindName} in your Hearth notifications.`,
  unsubscribe: (kindName) => `Stop emails about ${kindName}`,
  openHearth: 'Open Hearth',
  kindNames: {
    reminders: 'reminders',
    tasks: 'your tasks',
    bills: 'bills and payments',
    house: 'house changes',
  },
};

const de: Messages = {
  reminderTitle: (title) => title,
  reminderBody: (description) => description || 'Erinnerung',
  taskTitle: (title) => `Du bist dran: ${title}`,
  taskBody: 'Diese Aufgabe ist jetzt fällig.',
  billDueTitle: (title) => `${title} ist heute fällig`,
  billDueBody: (amount) => `Betrag: ${amount}`,
  paymentToYou: (amount) => `Eine Zahlung von ${amount} an dich wurde erfasst`,
  paymentFromYou: (amount) => `Eine Zahlung von ${amount} von dir wurde erfasst`,
  paymentBody: 'Öffne Ausgaben, um deinen Stand zu sehen.',
  done: 'Erledigt',
  snooze: '10 Min. später',
  actionFailedTitle: 'Hearth konnte das nicht erledigen',
  actionFailedBody: 'Öffne Hearth, um es dort zu tun.',
  digestTitle: 'Dein Tag in Hearth',
  digestEmpty: 'Heute ist nichts fällig.',
  digestSections: {
    missed: 'Während du weg warst',
    reminders: 'Erinnerungen heute',
    tasks: 'Deine Aufgaben heute',
    bills: 'Heute fällige Rechnungen',
    house: 'Was Mitbewohner geändert haben',
  },
  taskDoneBy: (title) => `Erledigt: ${title}`,
  taskSkippedBy: (title) => `Übersprungen: ${title}`,
  billChange: (title) => `Ausgaben: ${title}`,
  webhookDisabled: (name) => `Webhook ausgeschaltet: ${name}`,
  webhookDisabledBody:
    'Er ist 3 Tage lang fehlgeschlagen. Prüfe den Empfänger und schalte ihn auf der Haushaltsseite wieder ein.',
  houseBody: 'Ein Mitbewohner hat das in Hearth geändert.',
  testTitle: 'Hearth-Testbenachrichtigung',
  testBody: 'Benachrichtigungen von Hearth erreichen dich hier.',
  emailFooter: (kindName) =>
    `Du bekommst diese E-Mail, weil E-Mail für ${kindName} in deinen Hearth-Benachrichtigungen an ist.`,
  unsubscribe: (kindName) => `Keine E-Mails mehr zu ${kindName}`,
  openHearth: 'Hearth öffnen',
  kindNames: {
    reminders: 'Erinnerungen',
    tasks: 'deinen Aufgaben',
    bills: 'Ausgaben und Zahlungen',
    house: 'Änderungen im Haus',
  },
};

export function messages(lang: string | null | undefined): Messages {
  return lang === 'de' ? de : en;
}

/**
 * What a delivery is about, fixed when it is planned; its words are written when it is sent, in the
 * person's language then.
 */
export interface DeliveryDetails {
  text:
    | 'reminder'
    | 'task'
    | 'bill'
    | 'paymentToYou'
    | 'paymentFromYou'
    | 'taskDone'
    | 'taskSkipped'
    | 'billChange'
    | 'webhookDisabled'
    | 'digest'
    | 'test';
  /** The reminder's, task's or bill's title. */
  name: string;
  description?: string | null;
  amount?: string;
  /** A snoozed reminder: not one of the series' own occurrences. */
  snoozed?: boolean;
}

export interface Rendered {
  title: string;
  body: string;
  /** A path of the web app to open. */
  url: string;
  action: NotificationAction | null;
}

export function render(m: Messages, d: DeliveryDetails): Rendered {
  switch (d.text) {
    case 'reminder':
      return {
        title: m.reminderTitle(d.name),
        body: m.reminderBody(d.description ?? null),
        url: '/reminders',
        action: 'snooze',
      };
    case 'task':
      return { title: m.taskTitle(d.name), body: m.taskBody, url: '/tasks', action: 'done' };
    case 'bill':
      return {
        title: m.billDueTitle(d.name),
        body: m.billDueBody(d.amount ?? ''),
        url: '/bills',
        action: null,
      };
    case 'paymentToYou':
      return { title: m.paymentToYou(d.amount ?? ''), body: m.paymentBody, url: '/bills', action: null };
    case 'paymentFromYou':
      return { title: m.paymentFromYou(d.amount ?? ''), body: m.paymentBody, url: '/bills', action: null };
    case 'taskDone':
      return { title: m.taskDoneBy(d.name), body: m.houseBody, url: '/tasks', action: null };
    case 'taskSkipped':
      return { title: m.taskSkippedBy(d.name), body: m.houseBody, url: '/tasks', action: null };
    case 'billChange':
      return { title: m.billChange(d.name), body: m.houseBody, url: '/bills', action: null };
    case 'webhookDisabled':
      return { title: m.webhookDisabled(d.name), body: m.webhookDisabledBody, url: '/house', action: null };
    case 'test':
      return { title: m.testTitle, body: m.testBody, url: '/settings', action: null };
    default:
      return { title: m.digestTitle, body: '', url: '/', action: null };
  }
}

/** An amount in minor units with its currency code, e.g. "12.50 EUR" (digits as the currency has them). */
export function formatMoney(amountMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // An unknown currency code keeps two decimals.
  }
  return `${(amountMinor / 10 ** digits).toFixed(digits)} ${currency}`;
}

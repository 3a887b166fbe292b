// What the demo instances of each packaged process ask for (docs/adr/0046-demo-instances-replayed.md): form data whose values take both ways
// of every exclusive gateway (leave over 3 days goes on to HR, a purchase over 10,000 to the director),
// a title, and a summary, either plain text or the spec's JSON ({summaryText, showTags}).
import type { Random } from '../../core/seeded-random.ts';

export interface DemoRequest {
  formData: Record<string, unknown>;
  title: string;
  summary: string;
}

/** Makes one request of a process, filed by `who` at `at`. */
type RequestMaker = (random: Random, who: string, at: Date) => DemoRequest;

const DAY_MS = 86_400_000;
const dateAfter = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS).toISOString().slice(0, 10);
/** Mostly small amounts, a few large ones: rounded to 10 between min and max. */
const amount = (random: Random, min: number, max: number) =>
  Math.round((min + random.next() ** 2 * (max - min)) / 10) * 10;
/** Half the summaries in the spec's JSON form (tags shown), half plain text. */
const summary = (random: Random, text: string) =>
  random.next() < 0.5 ? JSON.stringify({ summaryText: text, showTags: true }) : text;

const LEAVE_REASONS = [
  'Family visit',
  'Medical appointment',
  'Moving house',
  'Wedding',
  'Rest after the release',
  'School holidays',
];
const DESTINATIONS = ['Shanghai', 'Berlin', 'Houston', 'Shenzhen', 'Singapore', 'Paris', 'Chengdu', 'Tokyo'];
const TRIP_PURPOSES = ['customer visit', 'trade fair', 'supplier audit', 'training', 'project kick-off'];
const PAYEES = ['Northwind Traders', 'Contoso Ltd', '华夏物流', 'Fabrikam Inc', 'Tailspin Toys', '蓝海贸易'];
const ITEMS: ReadonlyArray<readonly [string, number]> = [
  ['Laptop', 1200],
  ['Office chairs', 180],
  ['Server rack', 9000],
  ['Forklift', 24000],
  ['Printer toner', 60],
  ['Test bench', 15000],
];

export const DEMO_REQUESTS: Readonly<Record<string, RequestMaker>> = {
  'leave-approval': (random, who, at) => {
    const kind = random.pick(['annual', 'sick', 'personal']);
    const days = 1 + random.int(10);
    const from = 1 + random.int(20);
    const reason = random.pick(LEAVE_REASONS);
    return {
      formData: { kind, startDate: dateAfter(at, from), endDate: dateAfter(at, from + days - 1), days, reason },
      title: `${who}: ${kind} leave, ${days} day${days > 1 ? 's' : ''}`,
      summary: summary(random, `${reason}, from ${dateAfter(at, from)}`),
    };
  },
  'trip-approval': (random, who, at) => {
    const destination = random.pick(DESTINATIONS);
    const from = 3 + random.int(30);
    const purpose = random.pick(TRIP_PURPOSES);
    return {
      formData: {
        destination,
        startDate: dateAfter(at, from),
        endDate: dateAfter(at, from + 1 + random.int(6)),
        budget: amount(random, 300, 6000),
      },
      title: `${who}: trip to ${destination}`,
      summary: summary(random, `${purpose} in ${destination}`),
    };
  },
  'expense-approval': (random, who) => {
    const category = random.pick(['travel', 'meals', 'office', 'other']);
    const claimed = amount(random, 20, 5000);
    return {
      formData: { category, amount: claimed },
      title: `${who}: ${category} expenses ${claimed}`,
      summary: summary(random, `${category} expenses, ${claimed}`),
    };
  },
  'payment-approval': (random, who, at) => {
    const payee = random.pick(PAYEES);
    const due = amount(random, 500, 80_000);
    return {
      formData: { payee, amount: due, dueDate: dateAfter(at, 10 + random.int(30)) },
      title: `Payment to ${payee}: ${due}`,
      summary: summary(random, `${payee}, requested by ${who}`),
    };
  },
  'purchase-approval': (random, who) => {
    const [item, unitPrice] = random.pick(ITEMS);
    const quantity = 1 + random.int(6);
    const total = quantity * unitPrice;
    return {
      formData: { item, quantity, amount: total, supplier: random.pick(PAYEES) },
      title: `${who}: ${quantity} × ${item}`,
      summary: summary(random, `${item}, ${total} in total${total > 10_000 ? ' (director approval)' : ''}`),
    };
  },
};

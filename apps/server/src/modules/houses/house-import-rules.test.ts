import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';

/*
 * The house import checks every value by the API's own rules: what a route refuses, an import refuses too
 * (a 400 naming the value's path in the document), and a refused import leaves the house as it was.
 */

let t: TestApp;
let houseId = 0;
let client: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  const made = await memberOfNewHouse(t, 'importer');
  houseId = made.house.house_id;
  client = made.client;
});
afterAll(() => t.close());

const at = '2026-03-01T09:00:00.000Z';

/** A small valid document: each case below spoils one value of it. */
function validDoc() {
  return {
    format: 'hearth.house',
    version: 1,
    exported_at: at,
    house: { house_name: 'Oak Row', house_img: null, time_zone: 'Europe/Oslo' },
    people: [
      {
        ref: 1,
        username: 'importer',
        first_name: 'Ima',
        last_name: 'Porter',
        profile_img: null,
        member: true,
        former: false,
      },
      {
        ref: 2,
        username: 'elsewhere',
        first_name: 'Else',
        last_name: 'Where',
        profile_img: null,
        member: false,
        former: false,
      },
    ],
    data: {
      events: [
        {
          created_by: 1,
          title: 'Meeting',
          description: null,
          location: null,
          start_datetime: '2026-05-04T18:00:00.000Z',
          end_datetime: '2026-05-04T19:00:00.000Z',
          all_day: false,
          start_date: null,
          end_date: null,
          time_zone: 'Europe/Oslo',
          sequence: 0,
          created_at: at,
          updated_at: at,
          rrule: 'FREQ=WEEKLY',
          exdates: ['2026-05-11T18:00:00.000Z'],
          overrides: [
            {
              recurrence_id: '2026-05-18T18:00:00.000Z',
              created_by: 2,
              title: 'Meeting (moved)',
              description: null,
              location: null,
              start_datetime: '2026-05-18T19:00:00.000Z',
              end_datetime: '2026-05-18T20:00:00.000Z',
              all_day: false,
              start_date: null,
              end_date: null,
              sequence: 1,
              created_at: at,
              updated_at: at,
            },
          ],
        },
        {
          created_by: 2,
          title: 'Away day',
          description: null,
          location: null,
          start_datetime: '2026-05-31T22:00:00.000Z',
          end_datetime: '2026-06-01T21:59:00.000Z',
          all_day: true,
          start_date: '2026-06-01',
          end_date: '2026-06-01',
          time_zone: 'Europe/Oslo',
          sequence: 0,
          created_at: at,
          updated_at: at,
        },
      ],
      // Sections an export always writes, here empty: a round trip gives them back as they are.
      external_calendars: [],
      meals: { recipes: [], meals: [], staples: [] },
      groceries: [
        {
          name: 'Weekly shop',
          created_by: 1,
          created_at: at,
          items: [
            {
              name: 'Milk',
              quantity: '2 l',
              category: 'dairy',
              completed: false,
              created_by: 2,
              created_at: at,
            },
          ],
        },
      ],
      tasks: {
        tasks: [
          {
            title: 'Bins out',
            notes: null,
            effort: 2,
            time_zone: 'Europe/Oslo',
            due_at: '2030-01-07T19:00:00.000Z',
            anchor_at: '2030-01-07T19:00:00.000Z',
            repeat_every: 'months',
            repeat_interval: 1,
            repeat_weekdays: null,
            repeat_month_day: 7,
            rotation: 'round_robin',
            pool: [1, 2],
            assignee: 2,
            completed: false,
            created_by: 1,
            created_at: at,
            updated_at: at,
            history: [
              {
                done_at: at,
                done_by: 1,
                skipped: false,
                effort: 2,
                prev_due_at: '2029-12-07T19:00:00.000Z',
                prev_assignee: 1,
                prev_completed: false,
              },
            ],
          },
        ],
        away_periods: [{ person: 1, starts_on: '2030-02-01', ends_on: '2030-02-10', created_at: at }],
      },
      bills: {
        currency: 'EUR',
        recurring: [
          {
            title: 'Rent',
            amount_minor: 90000,
            currency: 'EUR',
            paid_by: 1,
            category: 'rent',
            split_mode: 'equal',
            split_parts: [
              { person: 1, value: 0 },
              { person: 2, value: 0 },
            ],
            repeat_every: 'months',
            repeat_interval: 1,
            repeat_month_day: 0,
            starts_on: '2030-01-31',
            ends_on: '2030-12-31',
            next_on: '2030-02-28',
            created_by: 1,
            created_at: at,
          },
        ],
        expenses: [
          {
            title: 'Weekly shop',
            amount_minor: 1001,
            currency: 'EUR',
            paid_by: 2,
            spent_on: '2026-03-10',
            category: 'groceries',
            note: null,
            receipt_img: null,
            split_mode: 'equal',
            recurring: null,
            created_by: 2,
            created_at: at,
            updated_at: at,
            parts: [
              { person: 1, position: 0, value: 0, amount_minor: 501 },
              { person: 2, position: 1, value: 0, amount_minor: 500 },
            ],
          },
          {
            title: 'Rent',
            amount_minor: 90000,
            currency: 'EUR',
            paid_by: 1,
            spent_on: '2030-01-31',
            category: 'rent',
            note: null,
            receipt_img: null,
            split_mode: 'exact',
            recurring: 1,
            created_by: 1,
            created_at: at,
            updated_at: at,
            parts: [
              { person: 1, position: 0, value: 40000, amount_minor: 40000 },
              { person: 2, position: 1, value: 50000, amount_minor: 50000 },
            ],
          },
        ],
        payments: [
          {
            from: 1,
            to: 2,
            amount_minor: 500,
            currency: 'EUR',
            paid_on: '2026-03-11',
            created_by: 1,
            created_at: at,
          },
        ],
      },
    },
  };
}

type Doc = ReturnType<typeof validDoc>;
type D = Doc['data'];
const event = (d: Doc) => d.data.events[0] as D['events'][0];
const allDay = (d: Doc) => d.data.events[1] as D['events'][0];
const expense = (d: Doc) => d.data.bills.expenses[0] as D['bills']['expenses'][0];
const payment = (d: Doc) => d.data.bills.payments[0] as D['bills']['payments'][0];
const recurring = (d: Doc) => d.data.bills.recurring[0] as D['bills']['recurring'][0];
const task = (d: Doc) => d.data.tasks.tasks[0] as D['tasks']['tasks'][0];
const away = (d: Doc) => d.data.tasks.away_periods[0] as D['tasks']['away_periods'][0];

/** Each case: what it spoils, how, and the document path the 400 must name. */
const cases: [string, (d: Doc) => void, string][] = [
  [
    'an event starting 2026-99-99',
    (d) => {
      event(d).start_datetime = '2026-99-99T10:00:00.000Z';
    },
    'data.events[0].start_datetime',
  ],
  [
    'an event in zone Mars/Base',
    (d) => {
      event(d).time_zone = 'Mars/Base';
    },
    'data.events[0].time_zone',
  ],
  [
    'an event ending before it starts',
    (d) => {
      event(d).end_datetime = '2026-05-04T17:00:00.000Z';
    },
    'data.events[0].end_datetime',
  ],
  [
    'an event with a rule that does not parse',
    (d) => {
      event(d).rrule = 'FREQ=SOMETIMES';
    },
    'data.events[0].rrule',
  ],
  [
    'a removed occurrence the rule never makes',
    (d) => {
      event(d).exdates = ['2026-05-12T18:00:00.000Z'];
    },
    'data.events[0].exdates[0]',
  ],
  [
    'an edited occurrence the rule never makes',
    (d) => {
      (event(d).overrides?.[0] as { recurrence_id: string }).recurrence_id = '2026-05-19T18:00:00.000Z';
    },
    'data.events[0].overrides[0].recurrence_id',
  ],
  [
    'an edited occurrence ending before it starts',
    (d) => {
      (event(d).overrides?.[0] as { end_datetime: string }).end_datetime = '2026-05-18T18:00:00.000Z';
    },
    'data.events[0].overrides[0].end_datetime',
  ],
  [
    'an all-day event on day 2026-13-01',
    (d) => {
      allDay(d).start_date = '2026-13-01';
    },
    'data.events[1].start_date',
  ],
  [
    'an event made on 2026-02-30',
    (d) => {
      event(d).created_at = '2026-02-30T10:00:00.000Z';
    },
    'data.events[0].created_at',
  ],
  [
    'a recurring bill on day 99',
    (d) => {
      recurring(d).repeat_month_day = 99;
    },
    'data.bills.recurring[0].repeat_month_day',
  ],
  [
    'a recurring bill ending before it starts',
    (d) => {
      recurring(d).ends_on = '2029-12-31';
    },
    'data.bills.recurring[0].ends_on',
  ],
  [
    'a recurring bill starting 2026-02-30',
    (d) => {
      recurring(d).starts_on = '2026-02-30';
    },
    'data.bills.recurring[0].starts_on',
  ],
  [
    'a recurring bill due on a day it never falls on',
    (d) => {
      recurring(d).next_on = '2030-02-27';
    },
    'data.bills.recurring[0].next_on',
  ],
  [
    'a recurring bill in USD in a EUR house',
    (d) => {
      recurring(d).currency = 'USD';
    },
    'data.bills.recurring[0].currency',
  ],
  [
    'an expense of -1',
    (d) => {
      expense(d).amount_minor = -1;
    },
    'data.bills.expenses[0].amount_minor',
  ],
  [
    'an expense whose parts do not add up to it',
    (d) => {
      (expense(d).parts[1] as { amount_minor: number }).amount_minor = 400;
    },
    'data.bills.expenses[0].parts[1].amount_minor',
  ],
  [
    'an exact split whose values do not add up to the amount',
    (d) => {
      (d.data.bills.expenses[1]?.parts[1] as { value: number }).value = 40000;
    },
    'data.bills.expenses[1].parts',
  ],
  [
    'a USD expense in a EUR house',
    (d) => {
      expense(d).currency = 'USD';
    },
    'data.bills.expenses[0].currency',
  ],
  [
    'an expense spent on 2026-13-01',
    (d) => {
      expense(d).spent_on = '2026-13-01';
    },
    'data.bills.expenses[0].spent_on',
  ],
  [
    'an expense in a split mode the API lacks',
    (d) => {
      expense(d).split_mode = 'vibes';
    },
    'data.bills.expenses[0].split_mode',
  ],
  [
    'a payment of -500',
    (d) => {
      payment(d).amount_minor = -500;
    },
    'data.bills.payments[0].amount_minor',
  ],
  [
    'a payment to oneself',
    (d) => {
      payment(d).to = 1;
    },
    'data.bills.payments[0].to',
  ],
  [
    'a payment on 2026-02-30',
    (d) => {
      payment(d).paid_on = '2026-02-30';
    },
    'data.bills.payments[0].paid_on',
  ],
  [
    'a currency that does not exist',
    (d) => {
      d.data.bills.currency = 'XYZ';
    },
    'data.bills.currency',
  ],
  [
    'a task in zone Mars/Base',
    (d) => {
      task(d).time_zone = 'Mars/Base';
    },
    'data.tasks.tasks[0].time_zone',
  ],
  [
    'a task repeating on day 99',
    (d) => {
      task(d).repeat_month_day = 99;
    },
    'data.tasks.tasks[0].repeat_month_day',
  ],
  [
    'a task on turn for someone outside its pool',
    (d) => {
      task(d).pool = [1];
    },
    'data.tasks.tasks[0].assignee',
  ],
  [
    'a task due 2026-13-01',
    (d) => {
      task(d).due_at = '2026-13-01T10:00:00.000Z';
    },
    'data.tasks.tasks[0].due_at',
  ],
  [
    'an away period ending before it starts',
    (d) => {
      away(d).ends_on = '2030-01-31';
    },
    'data.tasks.away_periods[0].ends_on',
  ],
  [
    'an away period starting 2026-02-30',
    (d) => {
      away(d).starts_on = '2026-02-30';
    },
    'data.tasks.away_periods[0].starts_on',
  ],
  [
    'an expense amount that is not a number',
    (d) => {
      expense(d).amount_minor = 'ten' as unknown as number;
    },
    'data.bills.expenses[0].amount_minor',
  ],
  [
    'a blank grocery list name',
    (d) => {
      (d.data.groceries[0] as { name: string }).name = '   ';
    },
    'data.groceries[0].name',
  ],
];

/** What the house holds, as its export gives it (without the moment it was made). */
async function snapshot() {
  const res = await client.get(`/api/house/${houseId}/export`);
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json(), exported_at: undefined };
}

describe(`POST /api/house/{house_id}/import refuses what the API refuses (${testEngine})`, () => {
  it.each(cases)(
    'refuses %s with a 400 naming its path, and changes nothing',
    async (_name, spoil, field) => {
      const before = await snapshot();
      const doc = validDoc();
      spoil(doc);
      const res = await client.post(`/api/house/${houseId}/import`, doc);
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('validation_failed');
      expect(error.field).toBe(field);
      expect(error.message).toContain(field);
      expect(await snapshot()).toEqual(before);
    },
  );

  // Last: the cases above share this house, which stays empty while every import is refused.
  it('takes the unspoilt document, and exporting it gives the same records back', async () => {
    const doc = validDoc();
    const res = await client.post(`/api/house/${houseId}/import`, doc);
    expect(res.statusCode, res.body).toBe(200);
    const again = await snapshot();
    expect(again.data).toEqual(doc.data);
    const events = await client.get('/api/event/?from=2026-05-01T00:00:00Z&to=2026-06-30T00:00:00Z');
    expect(events.statusCode, events.body).toBe(200);
    expect((await client.get('/api/recurring-expense/')).statusCode).toBe(200);
  });
});

import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Balance,
  BillActivityPage,
  BillActivityQuery,
  ErrorBody,
  Expense,
  ExpenseIdParams,
  ExpenseImportInput,
  ExpenseImportResult,
  ExpenseInput,
  ExpensePage,
  ExpenseQuery,
  GroceryListIdParams,
  HouseCurrency,
  HouseCurrencyInput,
  HouseIdParams,
  Ok,
  Payment,
  PaymentIdParams,
  PaymentInput,
  PaymentPage,
  PaymentQuery,
  PurchaseInput,
  RecurringExpense,
  RecurringExpenseInput,
  RecurringExpenseList,
  RecurringIdParams,
  Spending,
  SpendingQuery,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { BillsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['bills'];
const ok = { ok: true as const };

export const billsRoutes: FastifyPluginAsyncTypebox<{ bills: BillsService }> = async (app, { bills }) => {
  app.get(
    '/house/:house_id/currency',
    { schema: { tags, params: HouseIdParams, response: { 200: HouseCurrency, ...errors } } },
    async (request) => bills.currency(identityOf(request), request.params.house_id),
  );

  app.put(
    '/house/:house_id/currency',
    {
      schema: {
        tags,
        params: HouseIdParams,
        body: HouseCurrencyInput,
        response: { 200: HouseCurrency, ...errors },
      },
    },
    async (request) => bills.setCurrency(identityOf(request), request.params.house_id, request.body.currency),
  );

  app.get(
    '/expense/',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, querystring: ExpenseQuery, response: { 200: ExpensePage, ...errors } },
    },
    async (request) => bills.listExpenses(identityOf(request), request.query),
  );

  app.post(
    '/expense/',
    { schema: { tags, body: ExpenseInput, response: { 201: Expense, 413: ErrorBody, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await bills.createExpense(identityOf(request), request.body)),
  );

  app.get(
    '/expense/export.csv',
    {
      schema: {
        tags,
        description:
          'Every expense and payment as a Splitwise-style CSV, streamed. Text cells that a spreadsheet would run as a formula start with an added apostrophe.',
        // Streamed text/csv, not JSON: no response schema to serialize by (as the calendar feed).
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const pages = await bills.exportCsv(identityOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="hearth-expenses.csv"')
        .send(Readable.from(pages));
    },
  );

  app.post(
    '/expense/import',
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: { tags, body: ExpenseImportInput, response: { 200: ExpenseImportResult, ...errors } },
    },
    async (request) => bills.importCsv(identityOf(request), request.body),
  );

  app.get(
    '/expense/spending',
    { schema: { tags, querystring: SpendingQuery, response: { 200: Spending, ...errors } } },
    async (request) => bills.spending(identityOf(request), request.query),
  );

  app.get(
    '/expense/activity',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, querystring: BillActivityQuery, response: { 200: BillActivityPage, ...errors } },
    },
    async (request) => bills.activityLog(identityOf(request), request.query),
  );

  app.put(
    '/expense/:expense_id',
    {
      schema: {
        tags,
        params: ExpenseIdParams,
        body: ExpenseInput,
        response: { 200: Expense, 413: ErrorBody, ...errors },
      },
    },
    async (request) => bills.updateExpense(identityOf(request), request.params.expense_id, request.body),
  );

  app.delete(
    '/expense/:expense_id',
    { schema: { tags, params: ExpenseIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await bills.deleteExpense(identityOf(request), request.params.expense_id);
      return ok;
    },
  );

  app.get(
    '/balance/',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, response: { 200: Balance, ...errors } },
    },
    async (request) => bills.balance(identityOf(request)),
  );

  app.get(
    '/payment/',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, querystring: PaymentQuery, response: { 200: PaymentPage, ...errors } },
    },
    async (request) => bills.listPayments(identityOf(request), request.query),
  );

  app.post(
    '/payment/',
    { schema: { tags, body: PaymentInput, response: { 201: Payment, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await bills.createPayment(identityOf(request), request.body)),
  );

  app.delete(
    '/payment/:payment_id',
    { schema: { tags, params: PaymentIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await bills.deletePayment(identityOf(request), request.params.payment_id);
      return ok;
    },
  );

  app.get(
    '/recurring-expense/',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags, response: { 200: RecurringExpenseList, ...errors } },
    },
    async (request) => bills.listRecurring(identityOf(request)),
  );

  app.post(
    '/recurring-expense/',
    { schema: { tags, body: RecurringExpenseInput, response: { 201: RecurringExpense, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await bills.createRecurring(identityOf(request), request.body)),
  );

  app.put(
    '/recurring-expense/:id',
    {
      schema: {
        tags,
        params: RecurringIdParams,
        body: RecurringExpenseInput,
        response: { 200: RecurringExpense, ...errors },
      },
    },
    async (request) => bills.updateRecurring(identityOf(request), request.params.id, request.body),
  );

  app.delete(
    '/recurring-expense/:id',
    { schema: { tags, params: RecurringIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await bills.deleteRecurring(identityOf(request), request.params.id);
      return ok;
    },
  );

  app.post(
    '/grocery-list/:id/purchase',
    {
      schema: {
        tags,
        params: GroceryListIdParams,
        body: PurchaseInput,
        response: { 201: Expense, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await bills.purchase(identityOf(request), request.params.id, request.body)),
  );
};
